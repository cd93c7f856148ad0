-- AlterTable
ALTER TABLE "MenuItem" ADD COLUMN     "allergens" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "diets" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "Modifier" ADD COLUMN     "allergens" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "removesDiets" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "OrderItem" ADD COLUMN     "allergens" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "diets" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "Guest" ADD COLUMN     "avoids" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "UsualOrder" ADD COLUMN     "avoids" TEXT NOT NULL DEFAULT '';

