-- Invitations: idempotent per request key, and one e-mail per address and order within the repeat window.
-- CreateTable
CREATE TABLE "Invitation" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "shop" TEXT NOT NULL,
    "groupOrderId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "requestKey" TEXT NOT NULL,
    "outboxMessageId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Invitation_groupOrderId_fkey" FOREIGN KEY ("groupOrderId") REFERENCES "GroupOrder" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Invitation_groupOrderId_email_createdAt_idx" ON "Invitation"("groupOrderId", "email", "createdAt");

-- CreateIndex
CREATE INDEX "Invitation_shop_email_idx" ON "Invitation"("shop", "email");

-- CreateIndex
CREATE UNIQUE INDEX "Invitation_groupOrderId_requestKey_email_key" ON "Invitation"("groupOrderId", "requestKey", "email");

