import { Link } from '@remix-run/react';
import { Rich } from '~/components/Rich';
import { useT } from '~/components/i18n';
import { sfPath } from '~/lib/paths';
import { Card } from '../ui';

/** For everyone but the host: who submits, where the order is, and how a host on another device gets in. */
export default function NotHostNotice({
  submitted,
  started,
  kitchenLabel,
}: {
  submitted: boolean;
  started: boolean;
  kitchenLabel: string | null;
}) {
  const t = useT();
  return (
    <Card className="host-controls host-controls--guest">
      <h2>{submitted ? t('host.controls.submittedTitle') : t('host.controls.onlyHost')}</h2>
      <p className="muted small">
        {started
          ? t('host.controls.guestStarted', { state: kitchenLabel ?? t('host.controls.inProgress') })
          : submitted
            ? t('host.controls.guestSubmitted')
            : t('host.controls.guestActive')}
      </p>
      <p className="muted small">
        <Rich
          id="host.controls.otherDevice"
          components={{ 0: <Link to={sfPath('/find-order', { method: 'email' })} /> }}
        />
      </p>
    </Card>
  );
}
