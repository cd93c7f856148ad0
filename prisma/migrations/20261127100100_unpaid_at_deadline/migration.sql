ALTER TABLE "GuestShare" ADD COLUMN "leftOutAt" DATETIME;
ALTER TABLE "GuestShare" ADD COLUMN "leftOutItems" TEXT;
ALTER TABLE "GroupOrder" ADD COLUMN "shopifyCompanyOrderId" TEXT;
