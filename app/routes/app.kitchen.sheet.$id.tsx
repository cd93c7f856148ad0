import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { OrderSheet } from '~/components/admin/kitchen/Prints';
import { toId, withHttpErrors } from '~/lib/http.server';
import { getPrepOrder } from '~/models/kitchen/prepBoard.server';
import { pageLanguage } from '~/i18n.server';
import { authenticate } from '~/shopify.server';
import { PrintRefusal } from '~/components/admin/AdminRefusal';

// The A4 order sheet: what to make (merged counts), then every guest's items and note, with boxes to tick.

export { adminHeaders as headers } from '~/shopify.server';

export const loader = withHttpErrors(async function loader({ request, params }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const id = toId(params.id);
  // The toolbar in the admin's language (the `locale` the app's links carry); the print in its readers'.
  const { language, t } = await pageLanguage(request, session.shop);
  const order = id === null ? null : await getPrepOrder(session.shop, id, { kind: 'sheet', language });
  // Said in the admin's language by the page's ErrorBoundary (components/admin/AdminRefusal.tsx PrintRefusal).
  if (!order) throw Response.json({ message: t('admin.print.notFound') }, { status: 404 });
  return { order };
});

export default function OrderSheetPage() {
  const { order } = useLoaderData<typeof loader>();
  return <OrderSheet order={order} />;
}

export function ErrorBoundary() {
  return <PrintRefusal />;
}
