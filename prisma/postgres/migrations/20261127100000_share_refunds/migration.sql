-- AlterTable
ALTER TABLE "GuestShare" ADD COLUMN     "cancelledAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "ShareRefund" (
    "id" SERIAL NOT NULL,
    "shop" TEXT NOT NULL,
    "groupOrderId" INTEGER NOT NULL,
    "shareId" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "shopifyOrderId" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "lines" TEXT NOT NULL DEFAULT '[]',
    "what" TEXT NOT NULL DEFAULT '',
    "actor" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "shopifyRefundId" TEXT,
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "doneAt" TIMESTAMP(3),

    CONSTRAINT "ShareRefund_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ShareRefund_shop_shareId_status_idx" ON "ShareRefund"("shop", "shareId", "status");

-- CreateIndex
CREATE INDEX "ShareRefund_shop_groupOrderId_idx" ON "ShareRefund"("shop", "groupOrderId");

-- CreateIndex
CREATE UNIQUE INDEX "ShareRefund_shop_key_key" ON "ShareRefund"("shop", "key");

-- CreateIndex
CREATE UNIQUE INDEX "ShareRefund_shop_shopifyRefundId_key" ON "ShareRefund"("shop", "shopifyRefundId");

-- AddForeignKey
ALTER TABLE "ShareRefund" ADD CONSTRAINT "ShareRefund_groupOrderId_fkey" FOREIGN KEY ("groupOrderId") REFERENCES "GroupOrder"("id") ON DELETE CASCADE ON UPDATE CASCADE;

