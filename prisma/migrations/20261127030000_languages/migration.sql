-- Languages (issue 26): the language a guest last used and the one the host created the order in, so
-- e-mails, labels and the order sheet go out in the language each person used.
ALTER TABLE "Guest" ADD COLUMN "language" TEXT;
ALTER TABLE "GroupOrder" ADD COLUMN "hostLanguage" TEXT;
