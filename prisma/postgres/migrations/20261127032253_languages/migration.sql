-- AlterTable
ALTER TABLE "GroupOrder" ADD COLUMN     "hostLanguage" TEXT;

-- AlterTable
ALTER TABLE "Guest" ADD COLUMN     "language" TEXT;

