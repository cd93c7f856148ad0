import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PRINT_TOOLBAR_CSS, PrintToolbar } from '~/components/admin/print';
import { toId, withHttpErrors } from '~/lib/http.server';
import { getPrepOrder } from '~/models/kitchen/prepBoard.server';
import { authenticate } from '~/shopify.server';

// The A4 order sheet: what to make (merged counts), then every guest's items and note, with boxes to tick.

export const loader = withHttpErrors(async function loader({ request, params }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const id = toId(params.id);
  const order = id === null ? null : await getPrepOrder(session.shop, id);
  if (!order) throw new Response('That submitted group order was not found in your shop.', { status: 404 });
  return { order };
});

const SHEET_CSS = `
@page { size: A4; margin: 14mm; }
.sheet { max-width: 182mm; margin: 0 auto 24px; padding: 0 16px; background: #fff; color: #000;
  font: 11pt/1.4 system-ui, 'DejaVu Sans', sans-serif; overflow-wrap: anywhere; }
.sheet h1 { font-size: 18pt; margin: 0 0 2mm; }
.sheet h2 { font-size: 13pt; margin: 6mm 0 2mm; border-bottom: 0.4mm solid #000; padding-bottom: 1mm; }
.sheet .meta { margin: 0; }
.sheet table { width: 100%; border-collapse: collapse; }
.sheet td { padding: 1.2mm 1mm; border-bottom: 0.2mm solid #bbb; vertical-align: top; }
.sheet .qty { width: 14mm; font-weight: 700; font-size: 12pt; }
.sheet .tick { width: 8mm; }
.sheet .tick span { display: inline-block; width: 4mm; height: 4mm; border: 0.3mm solid #000; }
.sheet .guest { break-inside: avoid; margin-bottom: 3mm; }
.sheet .guest h3 { font-size: 11.5pt; margin: 2mm 0 1mm; }
.sheet .note { font-style: italic; margin: 1mm 0 0; }
@media print { .sheet { padding: 0; margin: 0; } }
${PRINT_TOOLBAR_CSS}`;

export default function OrderSheet() {
  const { order } = useLoaderData<typeof loader>();
  return (
    <>
      <style>{SHEET_CSS}</style>
      <PrintToolbar />
      <article className="sheet">
        <h1>
          {order.title} · {order.code}
        </h1>
        <p className="meta">
          {order.orderType === 'delivery' ? 'Delivery' : 'Pickup'} {order.pickupLabel} · {order.hostName} (
          {order.companyName}) · {order.itemCount} {order.itemCount === 1 ? 'item' : 'items'} ·{' '}
          {order.stateLabel}
        </p>
        {order.deliveryAddress ? <p className="meta">Deliver to: {order.deliveryAddress}</p> : null}
        {order.instructions ? <p className="meta">Instructions: {order.instructions}</p> : null}
        <h2>To make</h2>
        <table>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.key}>
                <td className="tick">
                  <span />
                </td>
                <td className="qty">{line.quantity} ×</td>
                <td>{line.title}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h2>By guest</h2>
        {order.guests.map((guest) => (
          <section className="guest" key={`${guest.name}-${guest.initials}`}>
            <h3>
              {guest.name} ({guest.initials})
            </h3>
            <table>
              <tbody>
                {guest.lines.map((line) => (
                  <tr key={line.id}>
                    <td className="tick">
                      <span />
                    </td>
                    <td className="qty">{line.quantity} ×</td>
                    <td>{line.title}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {guest.note ? <p className="note">Note: {guest.note}</p> : null}
          </section>
        ))}
      </article>
    </>
  );
}
