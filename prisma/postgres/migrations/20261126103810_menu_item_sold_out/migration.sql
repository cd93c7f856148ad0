-- AlterTable
ALTER TABLE "MenuItem" ADD COLUMN     "soldOutUntil" TIMESTAMP(3);

