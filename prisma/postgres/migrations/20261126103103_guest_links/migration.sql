-- AlterTable
ALTER TABLE "Guest" ADD COLUMN     "emailVerifiedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "UsualOrder" ADD COLUMN     "devices" TEXT NOT NULL DEFAULT '[]';

-- CreateTable
CREATE TABLE "GuestLink" (
    "id" SERIAL NOT NULL,
    "shop" TEXT NOT NULL,
    "groupOrderId" INTEGER NOT NULL,
    "guestId" INTEGER NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GuestLink_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "GuestLink_tokenHash_key" ON "GuestLink"("tokenHash");

-- CreateIndex
CREATE INDEX "GuestLink_shop_guestId_idx" ON "GuestLink"("shop", "guestId");

-- AddForeignKey
ALTER TABLE "GuestLink" ADD CONSTRAINT "GuestLink_guestId_fkey" FOREIGN KEY ("guestId") REFERENCES "Guest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

