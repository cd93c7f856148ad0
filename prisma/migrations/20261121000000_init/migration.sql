-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "isOnline" BOOLEAN NOT NULL DEFAULT false,
    "scope" TEXT,
    "expires" DATETIME,
    "accessToken" TEXT NOT NULL,
    "userId" BIGINT,
    "firstName" TEXT,
    "lastName" TEXT,
    "email" TEXT,
    "accountOwner" BOOLEAN NOT NULL DEFAULT false,
    "locale" TEXT,
    "collaborator" BOOLEAN DEFAULT false,
    "emailVerified" BOOLEAN DEFAULT false,
    "refreshToken" TEXT,
    "refreshTokenExpires" DATETIME
);

-- CreateTable
CREATE TABLE "ShopSettings" (
    "shop" TEXT NOT NULL PRIMARY KEY,
    "shopName" TEXT NOT NULL DEFAULT '',
    "kitchenName" TEXT NOT NULL DEFAULT 'Our kitchen',
    "currency" TEXT NOT NULL DEFAULT 'AUD',
    "locale" TEXT NOT NULL DEFAULT 'en-AU',
    "timeZone" TEXT NOT NULL DEFAULT 'Australia/Sydney',
    "pickupNoticeMinutes" INTEGER NOT NULL DEFAULT 30,
    "defaultPickupOffsetMinutes" INTEGER NOT NULL DEFAULT 40,
    "defaultDeadlineOffsetMinutes" INTEGER NOT NULL DEFAULT 30,
    "paymentMethods" TEXT NOT NULL DEFAULT 'pay-in-store,invoice,on-account',
    "emailSenderName" TEXT NOT NULL DEFAULT 'Group Order',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "MenuItem" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "shop" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "priceCents" INTEGER NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "position" INTEGER NOT NULL DEFAULT 0,
    "shopifyProductId" TEXT,
    "shopifyVariantId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "ModifierGroup" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "shop" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "maxSelections" INTEGER NOT NULL DEFAULT 1,
    "position" INTEGER NOT NULL DEFAULT 0,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Modifier" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "shop" TEXT NOT NULL,
    "groupId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "priceDeltaCents" INTEGER NOT NULL DEFAULT 0,
    "applicableCategories" TEXT NOT NULL DEFAULT '',
    "position" INTEGER NOT NULL DEFAULT 0,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Modifier_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "ModifierGroup" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "GroupOrder" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "shop" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT,
    "hostName" TEXT NOT NULL,
    "hostEmail" TEXT NOT NULL,
    "hostInitials" TEXT,
    "companyName" TEXT NOT NULL,
    "orderType" TEXT NOT NULL DEFAULT 'pickup',
    "deliveryAddress" TEXT,
    "paymentMethod" TEXT NOT NULL DEFAULT 'pay-in-store',
    "pickupAt" DATETIME NOT NULL,
    "deadlineAt" DATETIME NOT NULL,
    "timeZone" TEXT NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'AUD',
    "instructions" TEXT,
    "status" TEXT NOT NULL DEFAULT 'active',
    "hostTokenHash" TEXT NOT NULL,
    "hostCustomerId" TEXT,
    "submittedAt" DATETIME,
    "participantCount" INTEGER NOT NULL DEFAULT 0,
    "totalItems" INTEGER NOT NULL DEFAULT 0,
    "totalCents" INTEGER NOT NULL DEFAULT 0,
    "shopifyState" TEXT NOT NULL DEFAULT 'none',
    "shopifyDraftOrderId" TEXT,
    "shopifyDraftOrderName" TEXT,
    "shopifyInvoiceUrl" TEXT,
    "shopifyError" TEXT,
    "shopifySyncedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "OrderItem" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "shop" TEXT NOT NULL,
    "groupOrderId" INTEGER NOT NULL,
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
    CONSTRAINT "OrderItem_menuItemId_fkey" FOREIGN KEY ("menuItemId") REFERENCES "MenuItem" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "UsualOrder" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "shop" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "items" TEXT NOT NULL DEFAULT '[]',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "OwnerClaim" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "shop" TEXT NOT NULL,
    "groupOrderId" INTEGER NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "OwnerClaim_groupOrderId_fkey" FOREIGN KEY ("groupOrderId") REFERENCES "GroupOrder" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "OutboxMessage" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "shop" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "dedupeKey" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastError" TEXT,
    "sentAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "WebhookReceipt" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "RateLimiterFlexible" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "points" INTEGER NOT NULL,
    "expire" DATETIME
);

-- CreateIndex
CREATE INDEX "Session_shop_idx" ON "Session"("shop");

-- CreateIndex
CREATE INDEX "MenuItem_shop_active_position_idx" ON "MenuItem"("shop", "active", "position");

-- CreateIndex
CREATE UNIQUE INDEX "MenuItem_shop_shopifyVariantId_key" ON "MenuItem"("shop", "shopifyVariantId");

-- CreateIndex
CREATE INDEX "ModifierGroup_shop_active_position_idx" ON "ModifierGroup"("shop", "active", "position");

-- CreateIndex
CREATE UNIQUE INDEX "ModifierGroup_shop_name_key" ON "ModifierGroup"("shop", "name");

-- CreateIndex
CREATE INDEX "Modifier_shop_groupId_idx" ON "Modifier"("shop", "groupId");

-- CreateIndex
CREATE INDEX "GroupOrder_shop_hostEmail_idx" ON "GroupOrder"("shop", "hostEmail");

-- CreateIndex
CREATE INDEX "GroupOrder_shop_hostCustomerId_idx" ON "GroupOrder"("shop", "hostCustomerId");

-- CreateIndex
CREATE INDEX "GroupOrder_shop_status_createdAt_idx" ON "GroupOrder"("shop", "status", "createdAt");

-- CreateIndex
CREATE INDEX "GroupOrder_shop_createdAt_idx" ON "GroupOrder"("shop", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "GroupOrder_shop_code_key" ON "GroupOrder"("shop", "code");

-- CreateIndex
CREATE INDEX "OrderItem_groupOrderId_guestName_idx" ON "OrderItem"("groupOrderId", "guestName");

-- CreateIndex
CREATE INDEX "OrderItem_shop_guestEmail_idx" ON "OrderItem"("shop", "guestEmail");

-- CreateIndex
CREATE UNIQUE INDEX "OrderItem_groupOrderId_confirmationKey_line_key" ON "OrderItem"("groupOrderId", "confirmationKey", "line");

-- CreateIndex
CREATE UNIQUE INDEX "UsualOrder_shop_email_key" ON "UsualOrder"("shop", "email");

-- CreateIndex
CREATE UNIQUE INDEX "OwnerClaim_tokenHash_key" ON "OwnerClaim"("tokenHash");

-- CreateIndex
CREATE INDEX "OwnerClaim_shop_groupOrderId_idx" ON "OwnerClaim"("shop", "groupOrderId");

-- CreateIndex
CREATE UNIQUE INDEX "OutboxMessage_dedupeKey_key" ON "OutboxMessage"("dedupeKey");

-- CreateIndex
CREATE INDEX "OutboxMessage_status_nextAttemptAt_idx" ON "OutboxMessage"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "OutboxMessage_shop_kind_createdAt_idx" ON "OutboxMessage"("shop", "kind", "createdAt");

-- CreateIndex
CREATE INDEX "WebhookReceipt_shop_idx" ON "WebhookReceipt"("shop");

