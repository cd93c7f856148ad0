-- AlterTable
ALTER TABLE "ShopSettings" ADD COLUMN "primaryDomainUrl" TEXT;
