-- CreateTable
CREATE TABLE "HostDevice" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "shop" TEXT NOT NULL,
    "groupOrderId" INTEGER NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "HostDevice_groupOrderId_fkey" FOREIGN KEY ("groupOrderId") REFERENCES "GroupOrder" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "HostDevice_tokenHash_key" ON "HostDevice"("tokenHash");

-- CreateIndex
CREATE INDEX "HostDevice_shop_groupOrderId_idx" ON "HostDevice"("shop", "groupOrderId");
