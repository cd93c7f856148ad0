-- Outbox claims expire: a message left "sending" by a worker that died is delivered again after its lease.
-- AlterTable
ALTER TABLE "OutboxMessage" ADD COLUMN "claimToken" TEXT;
ALTER TABLE "OutboxMessage" ADD COLUMN "leaseUntil" DATETIME;

-- CreateIndex
CREATE INDEX "OutboxMessage_status_leaseUntil_idx" ON "OutboxMessage"("status", "leaseUntil");

