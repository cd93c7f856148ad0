-- AlterTable
ALTER TABLE "ShopSettings" ADD COLUMN "merchantEmail" TEXT;

-- AlterTable
ALTER TABLE "GroupOrder" ADD COLUMN "cancelReason" TEXT;
ALTER TABLE "GroupOrder" ADD COLUMN "kitchenState" TEXT;

-- CreateTable
CREATE TABLE "OrderStateEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "shop" TEXT NOT NULL,
    "groupOrderId" INTEGER NOT NULL,
    "fromState" TEXT NOT NULL,
    "toState" TEXT NOT NULL,
    "actor" TEXT NOT NULL,
    "reason" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "undoneAt" DATETIME,
    "undoneBy" TEXT,
    CONSTRAINT "OrderStateEvent_groupOrderId_fkey" FOREIGN KEY ("groupOrderId") REFERENCES "GroupOrder" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "OrderStateEvent_shop_groupOrderId_id_idx" ON "OrderStateEvent"("shop", "groupOrderId", "id");

