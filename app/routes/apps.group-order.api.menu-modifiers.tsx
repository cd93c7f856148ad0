import type { LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, withHttpErrors } from '~/lib/http.server';
import { listMenuModifiers } from '~/models/menu/menu.server';
import { requireStorefront } from '~/storefront.server';

// GET /api/menu-modifiers: the spec's modifier shape plus priceDelta and the group it belongs to.
export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireStorefront(request);
  return Response.json(await listMenuModifiers(shop));
});

export const action = withHttpErrors(async function action({ request }: LoaderFunctionArgs) {
  await requireStorefront(request);
  return jsonError(405, 'This address only answers GET requests.');
});
