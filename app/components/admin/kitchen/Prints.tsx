import { PRINT_TOOLBAR_CSS, PrintToolbar } from '~/components/admin/print';
import type { PrintOrder } from '~/models/kitchen/prepBoard.server';

// The two prints of an order, shown inside the admin (/app/kitchen/...) and in a new tab through a signed
// link (/app/print/...): a 62 mm label roll, one label per item unit, and the A4 order sheet. Their texts
// come made from the server in each reader's language (a label its guest's, the sheet its host's), with
// `lang` set so the browser hyphenates and shapes them as that language.

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
.label__note, .label__guest-note { font-size: 9pt; font-style: italic; line-height: 1.2; overflow: hidden; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow-wrap: anywhere; }
.label__guest-note { font-style: normal; }
.label__facts { font-size: 8pt; line-height: 1.15; overflow: hidden; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; }
.label__avoids { font-size: 8.5pt; font-weight: 700; line-height: 1.15; }
.label__check { font-size: 8.5pt; font-weight: 800; line-height: 1.15; border: 0.4mm solid #000; padding: 0 1mm; }
.label__body { flex: 1 1 auto; min-height: 0; overflow: hidden; display: flex; flex-direction: column; gap: 0.8mm; }
.label__top, .label__body > * { flex-shrink: 0; }
.label__foot { flex-shrink: 0; margin-top: auto; font-size: 7pt; color: #333; display: flex; justify-content: space-between; }
@media print {
  .labels { display: block; padding: 0; }
  .label { border: 0; break-after: page; page-break-after: always; }
  .label:last-child { break-after: auto; page-break-after: auto; }
}
${PRINT_TOOLBAR_CSS}`;

/** Labels for a 62 mm continuous roll (Brother QL and the like): 62 × 40 mm, one per item unit. */
export function LabelRoll({ order, backLink = true }: { order: PrintOrder; backLink?: boolean }) {
  return (
    <>
      <style>{LABEL_CSS}</style>
      <PrintToolbar backLink={backLink} texts={order.toolbar}>
        <span>{order.toolbar.labelCount}</span>
      </PrintToolbar>
      <main className="labels">
        {order.labels.map((label) => (
          <section className="label" key={label.key} lang={label.language} aria-label={label.ariaLabel}>
            <div className="label__top">
              <span className="label__name">{label.guestName}</span>
              <span className="label__initials">{label.initials}</span>
            </div>
            {/* Cut at the bottom when too long, so the order code and time below always print. */}
            <div className="label__body">
              <div className="label__item">{label.item}</div>
              {label.modifiers.length ? (
                <div className="label__mods">{label.modifiers.join(' · ')}</div>
              ) : null}
              {/* What the guest avoids comes before the notes: a note may be cut short, a warning not. */}
              {label.conflict ? <div className="label__check">{label.conflict}</div> : null}
              {label.avoids ? <div className="label__avoids">{label.avoids}</div> : null}
              {label.facts ? <div className="label__facts">{label.facts}</div> : null}
              {label.note ? <div className="label__note">“{label.note}”</div> : null}
              {label.guestNoteText ? <div className="label__guest-note">{label.guestNoteText}</div> : null}
            </div>
            <div className="label__foot">
              <span>
                {order.code} · {label.pickupTime}
              </span>
              <span>{label.unitText}</span>
            </div>
          </section>
        ))}
      </main>
    </>
  );
}

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
.sheet .note { font-style: italic; margin: 1mm 0 0; overflow-wrap: anywhere; }
.sheet .line-note { display: block; font-style: italic; font-size: 10pt; overflow-wrap: anywhere; }
.sheet .facts { display: block; font-size: 9.5pt; }
.sheet .avoids { font-weight: 700; font-size: 10.5pt; }
.sheet .check { display: inline-block; font-weight: 800; border: 0.3mm solid #000; padding: 0 1mm; }
@media print { .sheet { padding: 0; margin: 0; } }
${PRINT_TOOLBAR_CSS}`;

/** The A4 order sheet: what to make (merged counts), then every guest's items and note, with boxes to tick. */
export function OrderSheet({ order, backLink = true }: { order: PrintOrder; backLink?: boolean }) {
  const { texts } = order;
  return (
    <>
      <style>{SHEET_CSS}</style>
      <PrintToolbar backLink={backLink} texts={order.toolbar} />
      <main className="sheet" lang={order.language}>
        <h1>
          {order.title} · {order.code}
        </h1>
        <p className="meta">
          {texts.when} · {order.hostName} ({order.companyName}) · {texts.items} · {order.stateLabel}
        </p>
        {texts.deliverTo ? <p className="meta">{texts.deliverTo}</p> : null}
        {texts.instructions ? <p className="meta">{texts.instructions}</p> : null}
        <h2>{texts.toMake}</h2>
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
        <h2>{texts.byGuest}</h2>
        {order.guests.map((guest) => (
          <section className="guest" key={`${guest.name}-${guest.initials}`}>
            <h3>
              {guest.name} ({guest.initials})
              {guest.avoids ? <span className="avoids"> · {guest.avoids}</span> : null}
            </h3>
            <table>
              <tbody>
                {guest.lines.map((line) => (
                  <tr key={line.id}>
                    <td className="tick">
                      <span />
                    </td>
                    <td className="qty">{line.quantity} ×</td>
                    <td>
                      {line.title}
                      {line.note ? <span className="line-note">“{line.note}”</span> : null}
                      {line.facts ? <span className="facts">{line.facts}</span> : null}
                      {line.conflict ? <span className="check">{line.conflict}</span> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {guest.noteText ? <p className="note">{guest.noteText}</p> : null}
          </section>
        ))}
      </main>
    </>
  );
}
