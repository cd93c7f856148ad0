-- "Sold out today" per menu item (issue 27): the moment it is back on the menu.
ALTER TABLE "MenuItem" ADD COLUMN "soldOutUntil" DATETIME;
