-- Allergens and diets (issue 26): per menu item and modifier option, the line as made, and what a guest
-- avoids (on the guest and with the usual order). Comma-separated keys (app/lib/allergens.ts).
ALTER TABLE "MenuItem" ADD COLUMN "allergens" TEXT NOT NULL DEFAULT '';
ALTER TABLE "MenuItem" ADD COLUMN "diets" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Modifier" ADD COLUMN "allergens" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Modifier" ADD COLUMN "removesDiets" TEXT NOT NULL DEFAULT '';
ALTER TABLE "OrderItem" ADD COLUMN "allergens" TEXT NOT NULL DEFAULT '';
ALTER TABLE "OrderItem" ADD COLUMN "diets" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Guest" ADD COLUMN "avoids" TEXT NOT NULL DEFAULT '';
ALTER TABLE "UsualOrder" ADD COLUMN "avoids" TEXT NOT NULL DEFAULT '';
