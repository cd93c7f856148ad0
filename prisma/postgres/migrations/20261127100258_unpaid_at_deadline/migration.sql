-- AlterTable
ALTER TABLE "GuestShare" ADD COLUMN     "leftOutAt" TIMESTAMP(3),
ADD COLUMN     "leftOutItems" TEXT;


-- AlterTable
ALTER TABLE "GroupOrder" ADD COLUMN     "shopifyCompanyOrderId" TEXT;
