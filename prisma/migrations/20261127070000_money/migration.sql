-- Money (issue 25): who pays on the group order, and one share per guest (docs/decisions/2026-11-27-money-on-shopify.md).
ALTER TABLE "GroupOrder" ADD COLUMN "paymentMode" TEXT NOT NULL DEFAULT 'company';
ALTER TABLE "GroupOrder" ADD COLUMN "budgetCents" INTEGER;
ALTER TABLE "GroupOrder" ADD COLUMN "overagePolicy" TEXT NOT NULL DEFAULT 'refuse';
ALTER TABLE "GroupOrder" ADD COLUMN "tipPercent" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "GroupOrder" ADD COLUMN "tipCents" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "GroupOrder" ADD COLUMN "deliveryFeeCents" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "GroupOrder" ADD COLUMN "feeSplit" TEXT NOT NULL DEFAULT 'pro-rata';
ALTER TABLE "GroupOrder" ADD COLUMN "unpaidPolicy" TEXT NOT NULL DEFAULT 'leave-out';
ALTER TABLE "GroupOrder" ADD COLUMN "costCode" TEXT;

-- CreateTable
CREATE TABLE "GuestShare" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
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
    "paidAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "GuestShare_groupOrderId_fkey" FOREIGN KEY ("groupOrderId") REFERENCES "GroupOrder" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "GuestShare_guestId_fkey" FOREIGN KEY ("guestId") REFERENCES "Guest" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "GuestShare_guestId_key" ON "GuestShare"("guestId");

-- CreateIndex
CREATE INDEX "GuestShare_shop_groupOrderId_paymentStatus_idx" ON "GuestShare"("shop", "groupOrderId", "paymentStatus");

-- CreateIndex
CREATE UNIQUE INDEX "GuestShare_shop_shopifyDraftOrderId_key" ON "GuestShare"("shop", "shopifyDraftOrderId");

-- CreateIndex
CREATE UNIQUE INDEX "GuestShare_shop_shopifyOrderId_key" ON "GuestShare"("shop", "shopifyOrderId");

