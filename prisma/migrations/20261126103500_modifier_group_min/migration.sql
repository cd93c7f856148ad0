-- A modifier group's smallest number of choices (issue 27 item 3): 0 is optional, 1 is required.
ALTER TABLE "ModifierGroup" ADD COLUMN "minSelections" INTEGER NOT NULL DEFAULT 0;

-- Single-choice groups with a default (Size, Milk, Blend on the demo menu) always started with a choice
-- preselected: they were meant to be answered, so they become required. Everything else stays optional.
UPDATE "ModifierGroup" SET "minSelections" = 1
WHERE "maxSelections" = 1
  AND EXISTS (
    SELECT 1 FROM "Modifier" m
    WHERE m."groupId" = "ModifierGroup"."id" AND m."isDefault" = true AND m."active" = true
  );
