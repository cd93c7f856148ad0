-- What the host removed from a guest's order, shown on the guest's page (issue 27).
ALTER TABLE "Guest" ADD COLUMN "hostRemovals" TEXT;
