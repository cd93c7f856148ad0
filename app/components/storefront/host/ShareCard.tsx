import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, ButtonLink, Card } from '~/components/storefront/ui';
import { useT } from '~/components/i18n';
import { useShareLink } from './useShareLink';

// The QR code library loads after the page, in its own chunk; the placeholder keeps its space meanwhile.
// The code is drawn in the browser only, once the page runs there: it says the share link again, for a
// phone's camera, and working it out cost the server about a tenth of each dashboard's CPU
// (docs/decisions/2026-11-27-qr-code-in-the-browser.md).
const QRCodeSVG = lazy(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG })));

/** The order code, share link, QR code and "Add My Order" for the host. */
export function ShareCard({
  code,
  title,
  shareUrl,
  addMyOrder,
}: {
  code: string;
  title: string;
  shareUrl: string;
  /** The host's own menu link, while the host may still add items. */
  addMyOrder: string | null;
}) {
  const share = useShareLink(shareUrl, title);
  const t = useT();
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  const placeholder = <span className="host-share__qr-placeholder" aria-hidden="true" />;
  return (
    <Card className="host-share">
      <h2>{t('host.share.title')}</h2>
      <div className="host-share__code">
        <span className="muted small">{t('host.share.code')}</span>
        <strong data-testid="order-code">{code}</strong>
      </div>
      <label className="field__label" htmlFor="share-link">
        {t('host.share.link')}
      </label>
      <input
        id="share-link"
        className="input host-share__link"
        readOnly
        value={shareUrl}
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="host-share__qr">
        {inBrowser ? (
          <Suspense fallback={placeholder}>
            <QRCodeSVG
              value={shareUrl}
              size={148}
              marginSize={2}
              title={t('host.share.qr', { url: shareUrl })}
            />
          </Suspense>
        ) : (
          placeholder
        )}
        <span className="muted small">{t('host.share.scan')}</span>
      </div>
      <div className="host-share__actions">
        <Button variant="secondary" onClick={share.share}>
          {t('host.share.share')}
        </Button>
        <Button variant="secondary" onClick={share.copy} aria-live="polite">
          {share.copied ? t('host.share.copied') : t('host.share.copy')}
        </Button>
        {/* After submit the menu refuses new items, so the host's own order waits for a reopen. */}
        {addMyOrder ? (
          <ButtonLink to={addMyOrder} className="host-share__mine">
            {t('host.share.addMine')}
          </ButtonLink>
        ) : null}
      </div>
      {share.popup}
    </Card>
  );
}
