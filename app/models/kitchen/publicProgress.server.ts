import { toId } from '~/lib/http.server';
import { apiLanguage } from '~/lib/language.server';
import { clientKey } from '~/lib/credentials.server';
import { notFound } from '~/models/groupOrder/hostAccess.server';
import { consumeOrRefuse, countMiss } from '~/models/limits/rateLimits.server';
import { requireStorefront } from '~/storefront.server';
import { getKitchenProgress } from './kitchen.server';

/**
 * An order's live state as open guest and host pages read it through the app proxy (the status and
 * kitchen routes): counted as an order read, a miss counted like any other, and without the merchant's
 * controls (what comes next, undo).
 */
export async function publicKitchenProgress(request: Request, idParam: string | undefined) {
  const storefront = await requireStorefront(request);
  await consumeOrRefuse('orderReads', clientKey(storefront.shop, request));
  const id = toId(idParam);
  // The page's language (its API client sends it), else the shop's: for why the order is closed.
  const language = await apiLanguage(request, storefront.shop);
  const progress = id === null ? null : await getKitchenProgress(storefront.shop, id, false, language);
  if (!progress) {
    await countMiss(clientKey(storefront.shop, request));
    throw notFound();
  }
  const { canUndo: _canUndo, next: _next, nextLabel: _nextLabel, ...shown } = progress;
  return shown;
}
