-- A retried confirm must repeat the same request: the fingerprint of the request that wrote each line.
ALTER TABLE "OrderItem" ADD COLUMN "requestHash" TEXT;
