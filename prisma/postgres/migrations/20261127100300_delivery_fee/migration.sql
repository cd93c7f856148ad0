-- AlterTable
ALTER TABLE "ShopSettings" ADD COLUMN     "deliveryFeeCents" INTEGER NOT NULL DEFAULT 0;

