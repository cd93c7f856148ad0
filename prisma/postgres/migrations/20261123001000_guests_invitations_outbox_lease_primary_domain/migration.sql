-- AlterTable
ALTER TABLE "ShopSettings" ADD COLUMN     "primaryDomainUrl" TEXT;

-- AlterTable
ALTER TABLE "OrderItem" ADD COLUMN     "guestId" INTEGER;

-- AlterTable
ALTER TABLE "OutboxMessage" ADD COLUMN     "claimToken" TEXT,
ADD COLUMN     "leaseUntil" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "Guest" (
    "id" SERIAL NOT NULL,
    "shop" TEXT NOT NULL,
    "groupOrderId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "initials" TEXT,
    "email" TEXT,
    "specialInstructions" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Guest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GuestToken" (
    "id" SERIAL NOT NULL,
    "guestId" INTEGER NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GuestToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ConfirmedLine" (
    "id" SERIAL NOT NULL,
    "shop" TEXT NOT NULL,
    "groupOrderId" INTEGER NOT NULL,
    "confirmationKey" TEXT NOT NULL,
    "line" INTEGER NOT NULL,
    "orderItemId" INTEGER,
    "requestHash" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ConfirmedLine_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Invitation" (
    "id" SERIAL NOT NULL,
    "shop" TEXT NOT NULL,
    "groupOrderId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "requestKey" TEXT NOT NULL,
    "outboxMessageId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Invitation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Guest_shop_email_idx" ON "Guest"("shop", "email");

-- CreateIndex
CREATE UNIQUE INDEX "Guest_groupOrderId_nameKey_key" ON "Guest"("groupOrderId", "nameKey");

-- CreateIndex
CREATE UNIQUE INDEX "GuestToken_guestId_tokenHash_key" ON "GuestToken"("guestId", "tokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "ConfirmedLine_groupOrderId_confirmationKey_line_key" ON "ConfirmedLine"("groupOrderId", "confirmationKey", "line");

-- CreateIndex
CREATE INDEX "Invitation_groupOrderId_email_createdAt_idx" ON "Invitation"("groupOrderId", "email", "createdAt");

-- CreateIndex
CREATE INDEX "Invitation_shop_email_idx" ON "Invitation"("shop", "email");

-- CreateIndex
CREATE UNIQUE INDEX "Invitation_groupOrderId_requestKey_email_key" ON "Invitation"("groupOrderId", "requestKey", "email");

-- CreateIndex
CREATE INDEX "OrderItem_guestId_idx" ON "OrderItem"("guestId");

-- CreateIndex
CREATE INDEX "OutboxMessage_status_leaseUntil_idx" ON "OutboxMessage"("status", "leaseUntil");

-- AddForeignKey
ALTER TABLE "OrderItem" ADD CONSTRAINT "OrderItem_guestId_fkey" FOREIGN KEY ("guestId") REFERENCES "Guest"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Guest" ADD CONSTRAINT "Guest_groupOrderId_fkey" FOREIGN KEY ("groupOrderId") REFERENCES "GroupOrder"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GuestToken" ADD CONSTRAINT "GuestToken_guestId_fkey" FOREIGN KEY ("guestId") REFERENCES "Guest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invitation" ADD CONSTRAINT "Invitation_groupOrderId_fkey" FOREIGN KEY ("groupOrderId") REFERENCES "GroupOrder"("id") ON DELETE CASCADE ON UPDATE CASCADE;

