import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, parseId, parseJson, withHttpErrors } from '~/lib/http.server';
import { MoneyRulesSchema } from '~/lib/moneySchema';
import { changeMoneyRules } from '~/models/groupOrder/moneyRules.server';
import { countingMisses } from '~/models/limits/rateLimits.server';
import { requireStorefront } from '~/storefront.server';
import { clientKey, hostTokenFrom } from '~/lib/credentials.server';

// POST /api/group-orders/{id}/money {paymentMode, budget, overagePolicy, tipPercent, tipAmount, feeSplit,
// unpaidPolicy, costCode}: the host changes who pays until submit; guests now over a lowered budget are
// told by e-mail (moneyRules.server.ts).
export const action = withHttpErrors(async function action({ request, params }: ActionFunctionArgs) {
  const storefront = await requireStorefront(request);
  if (request.method !== 'POST') throw jsonError(405, 'Use POST to change who pays.');
  const id = parseId(params.id);
  const { hostToken: _token, ...rules } = await parseJson(request, MoneyRulesSchema);
  const result = await countingMisses(clientKey(storefront.shop, request), () =>
    changeMoneyRules(
      storefront.shop,
      id,
      { hostToken: hostTokenFrom(request, { hostToken: _token }), customerId: storefront.customerId },
      rules,
    ),
  );
  return Response.json(result);
});

export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  await requireStorefront(request);
  return jsonError(405, 'Use POST to change who pays.');
});
