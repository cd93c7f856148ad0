import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, parseId, parseJson, withHttpErrors } from '~/lib/http.server';
import { ScheduleSchema } from '~/lib/hosting';
import { updateOrderSchedule } from '~/models/groupOrder/schedule.server';
import { countingMisses } from '~/models/limits/rateLimits.server';
import { requireStorefront } from '~/storefront.server';
import { clientKey, hostTokenFrom } from '~/lib/credentials.server';

// POST /api/group-orders/{id}/schedule {autoSubmit, reminderMinutes|null}: the host turns auto-submit at
// the deadline and the automatic reminder on or off; the scheduled jobs move in the same write.
export const action = withHttpErrors(async function action({ request, params }: ActionFunctionArgs) {
  const storefront = await requireStorefront(request);
  if (request.method !== 'POST') throw jsonError(405, 'Use POST to change the schedule.');
  const id = parseId(params.id);
  const body = await parseJson(request, ScheduleSchema);
  const schedule = await countingMisses(clientKey(storefront.shop, request), () =>
    updateOrderSchedule(
      storefront.shop,
      id,
      { hostToken: hostTokenFrom(request, body), customerId: storefront.customerId },
      { autoSubmit: body.autoSubmit, reminderMinutes: body.reminderMinutes },
    ),
  );
  return Response.json(schedule);
});

export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  await requireStorefront(request);
  return jsonError(405, 'Use POST to change the schedule.');
});
