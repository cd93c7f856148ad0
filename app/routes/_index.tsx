import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { env } from '~/env.server';

// The app server's own root. Shopify opens it with ?shop= when the merchant launches the app: that goes on
// to the embedded admin. Anyone else who lands here (a newcomer after `npm start`) gets told where the
// product really is, instead of a blank page.
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (url.searchParams.get('shop')) throw redirect(`/app?${url.searchParams.toString()}`);
  // Only the local simulator has a storefront we can link to; a real shop's address is its own domain.
  // The override is set only for the simulator (in production only to a localhost origin: env.server.ts),
  // so `npm start`, which runs the production build, still links to it.
  const simulator = env.SHOPIFY_ADMIN_API_ORIGIN ?? null;
  return { simulator };
}

export const meta: MetaFunction = () => [{ title: 'Group Order · app server' }];

export default function AppServerRoot() {
  const { simulator } = useLoaderData<typeof loader>();
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 600, margin: '12vh auto', padding: 24 }}>
      <h1>Group Order</h1>
      <p>
        This is the app server. People do not open it directly: hosts and guests use the shop&apos;s
        storefront at <code>https://your-shop/apps/group-order/</code>, and merchants open the app from Apps
        in the Shopify admin.
      </p>
      {simulator ? (
        <ul>
          <li>
            <a href={`${simulator}/apps/group-order/`}>Storefront (hosts and guests)</a>
          </li>
          <li>
            <a href={`${simulator}/admin`}>Merchant admin</a>
          </li>
          <li>
            <a href={`${simulator}/mailbox`}>Mailbox (e-mails the app sent)</a>
          </li>
        </ul>
      ) : null}
    </main>
  );
}
