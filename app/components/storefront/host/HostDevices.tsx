import { useState } from 'react';
import { Button, Card } from '../ui';
import { callApi, type ApiResult } from './api';
import { useLanguage, useT } from '~/components/i18n';
import { formatDateTime } from '~/lib/time';

export type HostDevice = {
  id: number;
  label: string;
  /** When it was added (ISO), shown in the page's language. */
  addedAt: string;
  current: boolean;
  removable: boolean;
};

/**
 * The browsers that manage the order: the one that created it and each one added by a claim link. A host
 * can remove an added one (a claim they did not make, or an old phone).
 */
export function HostDevices({
  orderId,
  hostToken,
  devices: initial,
  onRemovedSelf,
  onError,
  timeZone,
}: {
  timeZone: string;
  orderId: number;
  hostToken: string | null;
  devices: HostDevice[];
  onRemovedSelf: () => void;
  onError: (result: ApiResult, fallback: string) => void;
}) {
  const t = useT();
  const { intlLocale } = useLanguage();
  const [devices, setDevices] = useState(initial);
  const [busy, setBusy] = useState<number | null>(null);

  async function remove(device: HostDevice) {
    setBusy(device.id);
    const result = await callApi<{ devices: HostDevice[] }>(`/group-orders/${orderId}/devices/${device.id}`, {
      method: 'POST',
      body: {},
      hostToken,
    });
    setBusy(null);
    if (!result.ok) return onError(result, t('host.devices.failed'));
    if (device.current) return onRemovedSelf();
    setDevices(result.body.devices);
  }

  return (
    <Card className="host-devices">
      <h2>{t('host.devices.title')}</h2>
      <ul className="host-devices__list" data-testid="host-devices">
        {devices.map((device) => (
          <li key={device.id} className="host-devices__item">
            <div>
              <strong>{device.id === 0 ? t('host.devices.creator') : device.label}</strong>
              {device.current ? <span className="muted small">{t('host.devices.thisBrowser')}</span> : null}
              <div className="muted small">
                {t('host.devices.since', {
                  when: formatDateTime(new Date(device.addedAt), timeZone, intlLocale),
                })}
              </div>
            </div>
            {device.removable ? (
              <Button
                variant="ghost"
                className="btn--small"
                onClick={() => remove(device)}
                disabled={busy !== null}
                aria-label={t(device.current ? 'host.devices.removeThisLabel' : 'host.devices.removeLabel', {
                  label: device.id === 0 ? t('host.devices.creator') : device.label,
                })}
              >
                {busy === device.id ? t('host.devices.removing') : t('host.devices.remove')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
