-- AlterTable
ALTER TABLE "GroupOrder" ADD COLUMN "autoSubmit" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "GroupOrder" ADD COLUMN "reminderMinutes" INTEGER;
ALTER TABLE "GroupOrder" ADD COLUMN "remindedForDeadline" DATETIME;
ALTER TABLE "GroupOrder" ADD COLUMN "deadlineHandledFor" DATETIME;
ALTER TABLE "GroupOrder" ADD COLUMN "lastReminderAt" DATETIME;

-- CreateTable
CREATE TABLE "Invitee" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "shop" TEXT NOT NULL,
    "groupOrderId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "guestId" INTEGER,
    "declinedAt" DATETIME,
    "remindedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Invitee_groupOrderId_fkey" FOREIGN KEY ("groupOrderId") REFERENCES "GroupOrder" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Invitee_shop_email_idx" ON "Invitee"("shop", "email");

-- CreateIndex
CREATE UNIQUE INDEX "Invitee_groupOrderId_email_key" ON "Invitee"("groupOrderId", "email");
