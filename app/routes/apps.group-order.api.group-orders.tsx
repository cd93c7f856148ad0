import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, readJsonObject, withHttpErrors } from '~/lib/http.server';
import { serializeGroupOrder } from '~/models/groupOrder/groupOrder.server';
import { takeOrderBudget } from '~/models/limits/orderBudget.server';
import { createGroupOrder } from '~/models/groupOrder/hosting.server';
import { queueOrderCreatedEmail } from '~/models/groupOrder/hostLinks.server';
import { getShopSettings } from '~/models/shop/settings.server';
import { linkBase, requireStorefront } from '~/storefront.server';
import { clientAddress } from '~/lib/credentials.server';
import { requestedLanguage } from '~/lib/language.server';

// POST /api/group-orders: the spec's create call. The response carries the host token once.
export const action = withHttpErrors(async function action({ request }: ActionFunctionArgs) {
  const storefront = await requireStorefront(request);
  if (request.method !== 'POST') throw jsonError(405, 'Use POST to create a group order.');
  // An object, read here; createGroupOrder validates it (CreateGroupOrderSchema).
  const body = await readJsonObject(request);
  // Per client, and per network against the shop's anonymous ceiling or per logged-in customer
  // (orderBudget.server.ts).
  const refundBudget = await takeOrderBudget({
    shop: storefront.shop,
    address: clientAddress(request),
    customerId: storefront.customerId,
  });
  try {
    const [siteBase, settings] = await Promise.all([linkBase(storefront), getShopSettings(storefront.shop)]);
    const { order, hostToken } = await createGroupOrder(storefront.shop, body, {
      customerId: storefront.customerId,
      // The host's e-mails and the invitations are written in the language they create the order in.
      hostLanguage: requestedLanguage(request),
      // The host's dashboard link by e-mail, queued with the order (docs/decisions/2026-11-26-host-links.md).
      afterCreate: (tx, created) => queueOrderCreatedEmail(tx, created, siteBase, settings),
    });
    return Response.json(
      { ...serializeGroupOrder(order, [], undefined, { revealHostEmail: true }), hostToken },
      { status: 201 },
    );
  } catch (error) {
    // A form the host must correct does not count as a started order.
    await refundBudget();
    throw error;
  }
});

export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  await requireStorefront(request);
  return jsonError(405, 'Use POST to create a group order.');
});
