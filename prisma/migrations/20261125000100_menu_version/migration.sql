-- CreateTable
CREATE TABLE "MenuVersion" (
    "shop" TEXT NOT NULL PRIMARY KEY,
    "tag" TEXT NOT NULL
);

-- A new random tag for the shop on every insert, update and delete of its menu rows (see schema.prisma).
-- No conflict clause (an outer INSERT OR IGNORE would override it): the row is added only when missing.

CREATE TRIGGER "MenuItem_menu_version_insert" AFTER INSERT ON "MenuItem" BEGIN
    INSERT INTO "MenuVersion" ("shop", "tag")
        SELECT NEW."shop", '' WHERE NOT EXISTS (SELECT 1 FROM "MenuVersion" WHERE "shop" = NEW."shop");
    UPDATE "MenuVersion" SET "tag" = lower(hex(randomblob(12))) WHERE "shop" = NEW."shop";
END;

CREATE TRIGGER "MenuItem_menu_version_update" AFTER UPDATE ON "MenuItem" BEGIN
    INSERT INTO "MenuVersion" ("shop", "tag")
        SELECT NEW."shop", '' WHERE NOT EXISTS (SELECT 1 FROM "MenuVersion" WHERE "shop" = NEW."shop");
    UPDATE "MenuVersion" SET "tag" = lower(hex(randomblob(12))) WHERE "shop" = NEW."shop";
END;

CREATE TRIGGER "MenuItem_menu_version_delete" AFTER DELETE ON "MenuItem" BEGIN
    INSERT INTO "MenuVersion" ("shop", "tag")
        SELECT OLD."shop", '' WHERE NOT EXISTS (SELECT 1 FROM "MenuVersion" WHERE "shop" = OLD."shop");
    UPDATE "MenuVersion" SET "tag" = lower(hex(randomblob(12))) WHERE "shop" = OLD."shop";
END;

CREATE TRIGGER "ModifierGroup_menu_version_insert" AFTER INSERT ON "ModifierGroup" BEGIN
    INSERT INTO "MenuVersion" ("shop", "tag")
        SELECT NEW."shop", '' WHERE NOT EXISTS (SELECT 1 FROM "MenuVersion" WHERE "shop" = NEW."shop");
    UPDATE "MenuVersion" SET "tag" = lower(hex(randomblob(12))) WHERE "shop" = NEW."shop";
END;

CREATE TRIGGER "ModifierGroup_menu_version_update" AFTER UPDATE ON "ModifierGroup" BEGIN
    INSERT INTO "MenuVersion" ("shop", "tag")
        SELECT NEW."shop", '' WHERE NOT EXISTS (SELECT 1 FROM "MenuVersion" WHERE "shop" = NEW."shop");
    UPDATE "MenuVersion" SET "tag" = lower(hex(randomblob(12))) WHERE "shop" = NEW."shop";
END;

CREATE TRIGGER "ModifierGroup_menu_version_delete" AFTER DELETE ON "ModifierGroup" BEGIN
    INSERT INTO "MenuVersion" ("shop", "tag")
        SELECT OLD."shop", '' WHERE NOT EXISTS (SELECT 1 FROM "MenuVersion" WHERE "shop" = OLD."shop");
    UPDATE "MenuVersion" SET "tag" = lower(hex(randomblob(12))) WHERE "shop" = OLD."shop";
END;

CREATE TRIGGER "Modifier_menu_version_insert" AFTER INSERT ON "Modifier" BEGIN
    INSERT INTO "MenuVersion" ("shop", "tag")
        SELECT NEW."shop", '' WHERE NOT EXISTS (SELECT 1 FROM "MenuVersion" WHERE "shop" = NEW."shop");
    UPDATE "MenuVersion" SET "tag" = lower(hex(randomblob(12))) WHERE "shop" = NEW."shop";
END;

CREATE TRIGGER "Modifier_menu_version_update" AFTER UPDATE ON "Modifier" BEGIN
    INSERT INTO "MenuVersion" ("shop", "tag")
        SELECT NEW."shop", '' WHERE NOT EXISTS (SELECT 1 FROM "MenuVersion" WHERE "shop" = NEW."shop");
    UPDATE "MenuVersion" SET "tag" = lower(hex(randomblob(12))) WHERE "shop" = NEW."shop";
END;

CREATE TRIGGER "Modifier_menu_version_delete" AFTER DELETE ON "Modifier" BEGIN
    INSERT INTO "MenuVersion" ("shop", "tag")
        SELECT OLD."shop", '' WHERE NOT EXISTS (SELECT 1 FROM "MenuVersion" WHERE "shop" = OLD."shop");
    UPDATE "MenuVersion" SET "tag" = lower(hex(randomblob(12))) WHERE "shop" = OLD."shop";
END;

-- Shops that already have a menu get their first tag.
INSERT INTO "MenuVersion" ("shop", "tag")
SELECT "shop", lower(hex(randomblob(12))) FROM (
    SELECT "shop" FROM "MenuItem" UNION SELECT "shop" FROM "ModifierGroup" UNION SELECT "shop" FROM "Modifier"
);
