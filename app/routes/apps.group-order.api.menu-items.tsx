import type { LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, withHttpErrors } from '~/lib/http.server';
import { listMenuItems } from '~/models/menu/menu.server';
import { requireStorefront } from '~/storefront.server';

// GET /api/menu-items: the shop's active menu, price as a 2-place decimal string, with each item's own
// allergens and diets (before any option).
export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireStorefront(request);
  const items = await listMenuItems(shop);
  return Response.json(
    items.map(({ id, name, description, category, price, allergens, diets }) => ({
      id,
      name,
      description,
      category,
      price,
      allergens,
      diets,
    })),
  );
});

export const action = withHttpErrors(async function action({ request }: LoaderFunctionArgs) {
  await requireStorefront(request);
  return jsonError(405, 'This address only answers GET requests.');
});
