-- Guests become people (issue 11): one Guest row per person in an order, the browsers that act for them
-- (token hashes), one note per guest, and a record of applied confirm lines so merged lines stay idempotent.

-- CreateTable
CREATE TABLE "Guest" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "shop" TEXT NOT NULL,
    "groupOrderId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "initials" TEXT,
    "email" TEXT,
    "specialInstructions" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Guest_groupOrderId_fkey" FOREIGN KEY ("groupOrderId") REFERENCES "GroupOrder" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "GuestToken" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "guestId" INTEGER NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "GuestToken_guestId_fkey" FOREIGN KEY ("guestId") REFERENCES "Guest" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ConfirmedLine" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "shop" TEXT NOT NULL,
    "groupOrderId" INTEGER NOT NULL,
    "confirmationKey" TEXT NOT NULL,
    "line" INTEGER NOT NULL,
    "orderItemId" INTEGER,
    "requestHash" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- RedefineTables: OrderItem gains guestId (a foreign key to Guest).
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_OrderItem" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "shop" TEXT NOT NULL,
    "groupOrderId" INTEGER NOT NULL,
    "guestId" INTEGER,
    "guestName" TEXT NOT NULL,
    "guestInitials" TEXT,
    "guestEmail" TEXT,
    "menuItemId" INTEGER NOT NULL,
    "menuItemName" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "selectedModifiers" TEXT NOT NULL DEFAULT '[]',
    "specialInstructions" TEXT,
    "unitPriceCents" INTEGER NOT NULL,
    "totalCents" INTEGER NOT NULL,
    "confirmationKey" TEXT NOT NULL,
    "line" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "OrderItem_groupOrderId_fkey" FOREIGN KEY ("groupOrderId") REFERENCES "GroupOrder" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "OrderItem_guestId_fkey" FOREIGN KEY ("guestId") REFERENCES "Guest" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "OrderItem_menuItemId_fkey" FOREIGN KEY ("menuItemId") REFERENCES "MenuItem" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_OrderItem" ("id", "shop", "groupOrderId", "guestName", "guestInitials", "guestEmail", "menuItemId", "menuItemName", "quantity", "selectedModifiers", "specialInstructions", "unitPriceCents", "totalCents", "confirmationKey", "line", "createdAt")
SELECT "id", "shop", "groupOrderId", "guestName", "guestInitials", "guestEmail", "menuItemId", "menuItemName", "quantity", "selectedModifiers", "specialInstructions", "unitPriceCents", "totalCents", "confirmationKey", "line", "createdAt" FROM "OrderItem";
DROP TABLE "OrderItem";
ALTER TABLE "new_OrderItem" RENAME TO "OrderItem";
CREATE INDEX "OrderItem_groupOrderId_guestName_idx" ON "OrderItem"("groupOrderId", "guestName");
CREATE INDEX "OrderItem_guestId_idx" ON "OrderItem"("guestId");
CREATE INDEX "OrderItem_shop_guestEmail_idx" ON "OrderItem"("shop", "guestEmail");
CREATE UNIQUE INDEX "OrderItem_groupOrderId_confirmationKey_line_key" ON "OrderItem"("groupOrderId", "confirmationKey", "line");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "Guest_shop_email_idx" ON "Guest"("shop", "email");
CREATE UNIQUE INDEX "Guest_groupOrderId_nameKey_key" ON "Guest"("groupOrderId", "nameKey");
CREATE UNIQUE INDEX "GuestToken_guestId_tokenHash_key" ON "GuestToken"("guestId", "tokenHash");
CREATE UNIQUE INDEX "ConfirmedLine_groupOrderId_confirmationKey_line_key" ON "ConfirmedLine"("groupOrderId", "confirmationKey", "line");

-- Backfill: existing items grouped by name (as they were shown) become guests without a browser token; the
-- first browser that joins with that name takes them over. Each guest keeps its first non-empty note.
INSERT INTO "Guest" ("shop", "groupOrderId", "name", "nameKey", "initials", "email", "specialInstructions", "createdAt", "updatedAt")
SELECT o."shop", o."groupOrderId", trim(o."guestName"), lower(trim(o."guestName")), o."guestInitials", o."guestEmail",
    (SELECT n."specialInstructions" FROM "OrderItem" n
      WHERE n."groupOrderId" = o."groupOrderId" AND lower(trim(n."guestName")) = lower(trim(o."guestName"))
        AND n."specialInstructions" IS NOT NULL AND trim(n."specialInstructions") <> ''
      ORDER BY n."id" LIMIT 1),
    o."createdAt", o."createdAt"
FROM "OrderItem" o
WHERE o."id" = (SELECT min(f."id") FROM "OrderItem" f
                WHERE f."groupOrderId" = o."groupOrderId" AND lower(trim(f."guestName")) = lower(trim(o."guestName")));
UPDATE "OrderItem" SET "guestId" = (
    SELECT g."id" FROM "Guest" g
    WHERE g."groupOrderId" = "OrderItem"."groupOrderId" AND g."nameKey" = lower(trim("OrderItem"."guestName")));
INSERT INTO "ConfirmedLine" ("shop", "groupOrderId", "confirmationKey", "line", "orderItemId", "createdAt")
SELECT "shop", "groupOrderId", "confirmationKey", "line", "id", "createdAt" FROM "OrderItem";
