-- AlterTable
ALTER TABLE "GuestShare" ADD COLUMN     "shopifyInvoiceUrl" TEXT;
