import { useState } from 'react';
import { Button, Card } from '../ui';
import { callApi, type ApiResult } from './api';
import { useT } from '../i18n';

export type HostDevice = {
  id: number;
  label: string;
  addedText: string;
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
}: {
  orderId: number;
  hostToken: string | null;
  devices: HostDevice[];
  onRemovedSelf: () => void;
  onError: (result: ApiResult, fallback: string) => void;
}) {
  const t = useT();
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
              <strong>{device.label}</strong>
              {device.current ? <span className="muted small">{t('host.devices.thisBrowser')}</span> : null}
              <div className="muted small">{t('host.devices.since', { when: device.addedText })}</div>
            </div>
            {device.removable ? (
              <Button
                variant="ghost"
                className="btn--small"
                onClick={() => remove(device)}
                disabled={busy !== null}
                aria-label={t(device.current ? 'host.devices.removeThisLabel' : 'host.devices.removeLabel', {
                  label: device.label,
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
