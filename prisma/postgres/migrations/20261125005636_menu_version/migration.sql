-- CreateTable
CREATE TABLE "MenuVersion" (
    "shop" TEXT NOT NULL,
    "tag" TEXT NOT NULL,

    CONSTRAINT "MenuVersion_pkey" PRIMARY KEY ("shop")
);


-- A new random tag for the shop on every insert, update and delete of its menu rows (see schema.prisma).
CREATE FUNCTION "menu_version_touch"() RETURNS trigger AS $$
BEGIN
    INSERT INTO "MenuVersion" ("shop", "tag")
    VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD."shop" ELSE NEW."shop" END, md5(random()::text || clock_timestamp()::text))
    ON CONFLICT ("shop") DO UPDATE SET "tag" = EXCLUDED."tag";
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "MenuItem_menu_version" AFTER INSERT OR UPDATE OR DELETE ON "MenuItem"
    FOR EACH ROW EXECUTE FUNCTION "menu_version_touch"();
CREATE TRIGGER "ModifierGroup_menu_version" AFTER INSERT OR UPDATE OR DELETE ON "ModifierGroup"
    FOR EACH ROW EXECUTE FUNCTION "menu_version_touch"();
CREATE TRIGGER "Modifier_menu_version" AFTER INSERT OR UPDATE OR DELETE ON "Modifier"
    FOR EACH ROW EXECUTE FUNCTION "menu_version_touch"();

-- Shops that already have a menu get their first tag.
INSERT INTO "MenuVersion" ("shop", "tag")
SELECT "shop", md5(random()::text || "shop") FROM (
    SELECT "shop" FROM "MenuItem" UNION SELECT "shop" FROM "ModifierGroup" UNION SELECT "shop" FROM "Modifier"
) AS "shops";
