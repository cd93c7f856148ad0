-- AlterTable
ALTER TABLE "Guest" ADD COLUMN "emailVerifiedAt" DATETIME;

-- AlterTable
ALTER TABLE "UsualOrder" ADD COLUMN "devices" TEXT NOT NULL DEFAULT '[]';

-- CreateTable
CREATE TABLE "GuestLink" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "shop" TEXT NOT NULL,
    "groupOrderId" INTEGER NOT NULL,
    "guestId" INTEGER NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "GuestLink_guestId_fkey" FOREIGN KEY ("guestId") REFERENCES "Guest" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "GuestLink_tokenHash_key" ON "GuestLink"("tokenHash");

-- CreateIndex
CREATE INDEX "GuestLink_shop_guestId_idx" ON "GuestLink"("shop", "guestId");
