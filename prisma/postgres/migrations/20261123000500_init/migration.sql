-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "isOnline" BOOLEAN NOT NULL DEFAULT false,
    "scope" TEXT,
    "expires" TIMESTAMP(3),
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
    "refreshTokenExpires" TIMESTAMP(3),

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ShopSettings" (
    "shop" TEXT NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ShopSettings_pkey" PRIMARY KEY ("shop")
);

-- CreateTable
CREATE TABLE "MenuItem" (
    "id" SERIAL NOT NULL,
    "shop" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "priceCents" INTEGER NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "position" INTEGER NOT NULL DEFAULT 0,
    "shopifyProductId" TEXT,
    "shopifyVariantId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MenuItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ModifierGroup" (
    "id" SERIAL NOT NULL,
    "shop" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "maxSelections" INTEGER NOT NULL DEFAULT 1,
    "position" INTEGER NOT NULL DEFAULT 0,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ModifierGroup_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Modifier" (
    "id" SERIAL NOT NULL,
    "shop" TEXT NOT NULL,
    "groupId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "priceDeltaCents" INTEGER NOT NULL DEFAULT 0,
    "applicableCategories" TEXT NOT NULL DEFAULT '',
    "position" INTEGER NOT NULL DEFAULT 0,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Modifier_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GroupOrder" (
    "id" INTEGER NOT NULL,
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
    "pickupAt" TIMESTAMP(3) NOT NULL,
    "deadlineAt" TIMESTAMP(3) NOT NULL,
    "timeZone" TEXT NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'AUD',
    "instructions" TEXT,
    "status" TEXT NOT NULL DEFAULT 'active',
    "hostTokenHash" TEXT NOT NULL,
    "hostCustomerId" TEXT,
    "submittedAt" TIMESTAMP(3),
    "participantCount" INTEGER NOT NULL DEFAULT 0,
    "totalItems" INTEGER NOT NULL DEFAULT 0,
    "totalCents" INTEGER NOT NULL DEFAULT 0,
    "shopifyState" TEXT NOT NULL DEFAULT 'none',
    "shopifyDraftOrderId" TEXT,
    "shopifyDraftOrderName" TEXT,
    "shopifyInvoiceUrl" TEXT,
    "shopifyError" TEXT,
    "shopifySyncedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "GroupOrder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OrderItem" (
    "id" SERIAL NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OrderItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UsualOrder" (
    "id" SERIAL NOT NULL,
    "shop" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "items" TEXT NOT NULL DEFAULT '[]',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UsualOrder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OwnerClaim" (
    "id" SERIAL NOT NULL,
    "shop" TEXT NOT NULL,
    "groupOrderId" INTEGER NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OwnerClaim_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OutboxMessage" (
    "id" SERIAL NOT NULL,
    "shop" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "dedupeKey" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastError" TEXT,
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OutboxMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookReceipt" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookReceipt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RateLimiterFlexible" (
    "key" TEXT NOT NULL,
    "points" INTEGER NOT NULL,
    "expire" TIMESTAMP(3),

    CONSTRAINT "RateLimiterFlexible_pkey" PRIMARY KEY ("key")
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

-- AddForeignKey
ALTER TABLE "Modifier" ADD CONSTRAINT "Modifier_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "ModifierGroup"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderItem" ADD CONSTRAINT "OrderItem_groupOrderId_fkey" FOREIGN KEY ("groupOrderId") REFERENCES "GroupOrder"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderItem" ADD CONSTRAINT "OrderItem_menuItemId_fkey" FOREIGN KEY ("menuItemId") REFERENCES "MenuItem"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OwnerClaim" ADD CONSTRAINT "OwnerClaim_groupOrderId_fkey" FOREIGN KEY ("groupOrderId") REFERENCES "GroupOrder"("id") ON DELETE CASCADE ON UPDATE CASCADE;

