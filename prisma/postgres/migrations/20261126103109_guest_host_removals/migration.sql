-- AlterTable
ALTER TABLE "Guest" ADD COLUMN     "hostRemovals" TEXT;

