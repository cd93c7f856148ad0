import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PRINT_TOOLBAR_CSS, PrintToolbar } from '~/components/admin/print';
import { toId, withHttpErrors } from '~/lib/http.server';
import { getPrepOrder } from '~/models/kitchen/prepBoard.server';
import { authenticate } from '~/shopify.server';

// Labels for a 62 mm continuous label roll (Brother QL and the like): one 62 × 40 mm label per item unit,
// with the guest's name and initials large, then the item, its modifiers and the guest's note.

export const loader = withHttpErrors(async function loader({ request, params }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const id = toId(params.id);
  const order = id === null ? null : await getPrepOrder(session.shop, id);
  if (!order) throw new Response('That submitted group order was not found in your shop.', { status: 404 });
  return { order };
});

const LABEL_CSS = `
@page { size: 62mm 40mm; margin: 0; }
.labels { display: flex; flex-wrap: wrap; gap: 8px; padding: 0 16px 16px; }
.label {
  box-sizing: border-box; width: 62mm; height: 40mm; padding: 2.5mm 3mm; overflow: hidden;
  background: #fff; color: #000; border: 1px dashed #999; font-family: system-ui, 'DejaVu Sans', sans-serif;
  display: flex; flex-direction: column; gap: 0.8mm; overflow-wrap: anywhere;
}
.label__top { display: flex; justify-content: space-between; align-items: baseline; gap: 2mm; }
.label__name { font-size: 13pt; font-weight: 700; line-height: 1.1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.label__initials { font-size: 15pt; font-weight: 800; border: 0.5mm solid #000; border-radius: 1.5mm; padding: 0 1.5mm; }
.label__item { font-size: 12pt; font-weight: 700; line-height: 1.15; }
.label__mods { font-size: 10pt; line-height: 1.2; }
.label__note { font-size: 9pt; font-style: italic; line-height: 1.2; overflow: hidden; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; }
.label__foot { margin-top: auto; font-size: 7pt; color: #333; display: flex; justify-content: space-between; }
@media print {
  .labels { display: block; padding: 0; }
  .label { border: 0; break-after: page; page-break-after: always; }
  .label:last-child { break-after: auto; page-break-after: auto; }
}
${PRINT_TOOLBAR_CSS}`;

export default function Labels() {
  const { order } = useLoaderData<typeof loader>();
  return (
    <>
      <style>{LABEL_CSS}</style>
      <PrintToolbar>
        <span>
          {order.labels.length} {order.labels.length === 1 ? 'label' : 'labels'} for {order.code} · 62 mm roll
        </span>
      </PrintToolbar>
      <div className="labels">
        {order.labels.map((label) => (
          <section
            className="label"
            key={label.key}
            aria-label={`Label for ${label.guestName}: ${label.item}`}
          >
            <div className="label__top">
              <span className="label__name">{label.guestName}</span>
              <span className="label__initials">{label.initials}</span>
            </div>
            <div className="label__item">{label.item}</div>
            {label.modifiers.length ? <div className="label__mods">{label.modifiers.join(' · ')}</div> : null}
            {label.note ? <div className="label__note">“{label.note}”</div> : null}
            <div className="label__foot">
              <span>
                {order.code} · {order.pickupTime}
              </span>
              <span>{label.of > 1 ? `${label.unit} of ${label.of}` : ''}</span>
            </div>
          </section>
        ))}
      </div>
    </>
  );
}
