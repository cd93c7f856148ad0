import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { LabelRoll } from '~/components/admin/kitchen/Prints';
import { toId, withHttpErrors } from '~/lib/http.server';
import { getPrepOrder } from '~/models/kitchen/prepBoard.server';
import { pageLanguage } from '~/i18n.server';
import { authenticate } from '~/shopify.server';
import { PrintRefusal } from '~/components/admin/AdminRefusal';

// Labels for a 62 mm continuous label roll (Brother QL and the like): one 62 × 40 mm label per item unit,
// with the guest's name and initials large, then the item, its modifiers and the guest's note.

export { adminHeaders as headers } from '~/shopify.server';

export const loader = withHttpErrors(async function loader({ request, params }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const id = toId(params.id);
  // The toolbar in the admin's language (the `locale` the app's links carry); the print in its readers'.
  const { language, t } = await pageLanguage(request, session.shop);
  const order = id === null ? null : await getPrepOrder(session.shop, id, { kind: 'labels', language });
  // Said in the admin's language by the page's ErrorBoundary (components/admin/AdminRefusal.tsx PrintRefusal).
  if (!order) throw Response.json({ message: t('admin.print.notFound') }, { status: 404 });
  return { order };
});

export default function Labels() {
  const { order } = useLoaderData<typeof loader>();
  return <LabelRoll order={order} />;
}

export function ErrorBoundary() {
  return <PrintRefusal />;
}
