-- AlterTable
ALTER TABLE "ShopSettings" ADD COLUMN     "merchantEmail" TEXT;

-- AlterTable
ALTER TABLE "GroupOrder" ADD COLUMN     "cancelReason" TEXT,
ADD COLUMN     "kitchenState" TEXT;

-- CreateTable
CREATE TABLE "OrderStateEvent" (
    "id" SERIAL NOT NULL,
    "shop" TEXT NOT NULL,
    "groupOrderId" INTEGER NOT NULL,
    "fromState" TEXT NOT NULL,
    "toState" TEXT NOT NULL,
    "actor" TEXT NOT NULL,
    "reason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "undoneAt" TIMESTAMP(3),
    "undoneBy" TEXT,

    CONSTRAINT "OrderStateEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "OrderStateEvent_shop_groupOrderId_id_idx" ON "OrderStateEvent"("shop", "groupOrderId", "id");

-- AddForeignKey
ALTER TABLE "OrderStateEvent" ADD CONSTRAINT "OrderStateEvent_groupOrderId_fkey" FOREIGN KEY ("groupOrderId") REFERENCES "GroupOrder"("id") ON DELETE CASCADE ON UPDATE CASCADE;

