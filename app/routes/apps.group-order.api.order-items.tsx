import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, parseWith, readJsonObject, withHttpErrors } from '~/lib/http.server';
import { serializeGroupOrder, serializeItem } from '~/models/groupOrder/groupOrder.server';
import {
  addOrderItem,
  confirmCart,
  ConfirmCartSchema,
  SingleOrderItemSchema,
} from '~/models/groupOrder/orderItems.server';
import { consumeOrRefuse, countingMisses, type Budget } from '~/models/limits/rateLimits.server';
import { requireStorefront } from '~/storefront.server';
import { clientKey } from '~/lib/credentials.server';
import { requestedLanguage } from '~/lib/language.server';

// POST /api/order-items accepts two bodies:
// - one item per call, as the spec's client sends it: { groupOrderId, guestName, guestInitials, menuItemId,
//   quantity, selectedModifiers, specialInstructions, note?, itemPrice?, totalPrice? } -> the created item.
//   An optional { confirmationKey, line } makes a retry of that call idempotent.
// - a whole cart, as the Review page sends it: { groupOrderId, confirmationKey, guestName, guestInitials,
//   guestEmail, specialInstructions, items: [{ menuItemId, quantity, selectedModifiers, note? }] } -> every
//   line is written or none, and the same confirmationKey again returns the same items without writing.
// `specialInstructions` is the guest's one note (about the person, kept on the guest); `note` is the note
// for that item only ("heated", at most 140 characters, one line), kept on its line. The same item and
// options with another note is another line; with the same note it merges.
// Either way prices come from the menu; itemPrice/totalPrice from the client are ignored. 409 once the
// order is closed (deadline passed or submitted).
export const action = withHttpErrors(async function action({ request }: ActionFunctionArgs) {
  const { shop } = await requireStorefront(request);
  if (request.method !== 'POST') return jsonError(405, 'Use POST to add items.');
  // Every confirm counts against the client's budget, refused ones included: the model takes it (inside
  // the confirm's own transaction where it can), and a body refused before that is counted here.
  const budget: Budget = { name: 'confirmsPerClient', key: clientKey(shop, request) };
  const input = await readBody(request).catch(async (error: unknown) => {
    await consumeOrRefuse(budget.name, budget.key);
    throw error;
  });
  // A confirm to an order id this shop does not have is a look-up that missed, counted as one.
  const { cart } = input;
  // The page's language (the API client's signed `locale`), kept as the guest's for their e-mails.
  const language = requestedLanguage(request);
  if (cart) {
    // The confirm answers with the order as its own transaction left it: no second read after commit.
    const result = await countingMisses(budget.key, () =>
      confirmCart(shop, { ...cart, language }, undefined, budget),
    );
    return Response.json(
      {
        items: result.items.map(serializeItem),
        groupOrder: result.order ? serializeGroupOrder(result.order) : null,
      },
      { status: result.replayed ? 200 : 201 },
    );
  }
  const { single } = input;
  const result = await countingMisses(budget.key, () =>
    addOrderItem(shop, { ...single, language }, undefined, budget),
  );
  return Response.json(serializeItem(result.item), { status: result.replayed ? 200 : 201 });
});

/** The body as one of the two shapes (a whole cart has `items`), or a 400 saying what is wrong. */
async function readBody(request: Request) {
  const body = await readJsonObject(request);
  if (body !== null && typeof body === 'object' && 'items' in body) {
    return { cart: parseWith(ConfirmCartSchema, body) };
  }
  return { cart: null, single: parseWith(SingleOrderItemSchema, body) };
}

export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  await requireStorefront(request);
  return jsonError(405, 'Use POST to add items; read them with GET /api/group-orders/{id}.');
});
