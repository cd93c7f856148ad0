-- AlterTable
ALTER TABLE "GroupOrder" ADD COLUMN     "budgetCents" INTEGER,
ADD COLUMN     "costCode" TEXT,
ADD COLUMN     "deliveryFeeCents" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "feeSplit" TEXT NOT NULL DEFAULT 'pro-rata',
ADD COLUMN     "overagePolicy" TEXT NOT NULL DEFAULT 'refuse',
ADD COLUMN     "paymentMode" TEXT NOT NULL DEFAULT 'company',
ADD COLUMN     "tipCents" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "tipPercent" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "unpaidPolicy" TEXT NOT NULL DEFAULT 'leave-out';

-- CreateTable
CREATE TABLE "GuestShare" (
    "id" SERIAL NOT NULL,
    "shop" TEXT NOT NULL,
    "groupOrderId" INTEGER NOT NULL,
    "guestId" INTEGER NOT NULL,
    "itemsCents" INTEGER NOT NULL DEFAULT 0,
    "feesCents" INTEGER NOT NULL DEFAULT 0,
    "tipCents" INTEGER NOT NULL DEFAULT 0,
    "companyCents" INTEGER NOT NULL DEFAULT 0,
    "guestCents" INTEGER NOT NULL DEFAULT 0,
    "paymentStatus" TEXT NOT NULL DEFAULT 'none',
    "paidCents" INTEGER NOT NULL DEFAULT 0,
    "refundedCents" INTEGER NOT NULL DEFAULT 0,
    "shopifyDraftOrderId" TEXT,
    "shopifyOrderId" TEXT,
    "paidAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "GuestShare_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "GuestShare_guestId_key" ON "GuestShare"("guestId");

-- CreateIndex
CREATE INDEX "GuestShare_shop_groupOrderId_paymentStatus_idx" ON "GuestShare"("shop", "groupOrderId", "paymentStatus");

-- CreateIndex
CREATE UNIQUE INDEX "GuestShare_shop_shopifyDraftOrderId_key" ON "GuestShare"("shop", "shopifyDraftOrderId");

-- CreateIndex
CREATE UNIQUE INDEX "GuestShare_shop_shopifyOrderId_key" ON "GuestShare"("shop", "shopifyOrderId");

-- AddForeignKey
ALTER TABLE "GuestShare" ADD CONSTRAINT "GuestShare_groupOrderId_fkey" FOREIGN KEY ("groupOrderId") REFERENCES "GroupOrder"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GuestShare" ADD CONSTRAINT "GuestShare_guestId_fkey" FOREIGN KEY ("guestId") REFERENCES "Guest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

