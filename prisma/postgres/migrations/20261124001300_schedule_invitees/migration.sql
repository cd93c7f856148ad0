-- AlterTable
ALTER TABLE "GroupOrder" ADD COLUMN     "autoSubmit" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "deadlineHandledFor" TIMESTAMP(3),
ADD COLUMN     "lastReminderAt" TIMESTAMP(3),
ADD COLUMN     "remindedForDeadline" TIMESTAMP(3),
ADD COLUMN     "reminderMinutes" INTEGER;

-- CreateTable
CREATE TABLE "Invitee" (
    "id" SERIAL NOT NULL,
    "shop" TEXT NOT NULL,
    "groupOrderId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "guestId" INTEGER,
    "declinedAt" TIMESTAMP(3),
    "remindedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Invitee_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Invitee_shop_email_idx" ON "Invitee"("shop", "email");

-- CreateIndex
CREATE UNIQUE INDEX "Invitee_groupOrderId_email_key" ON "Invitee"("groupOrderId", "email");

-- AddForeignKey
ALTER TABLE "Invitee" ADD CONSTRAINT "Invitee_groupOrderId_fkey" FOREIGN KEY ("groupOrderId") REFERENCES "GroupOrder"("id") ON DELETE CASCADE ON UPDATE CASCADE;

