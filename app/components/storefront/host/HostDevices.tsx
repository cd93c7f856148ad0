import { useState } from 'react';
import { Button, Card } from '../ui';
import { callApi, type ApiResult } from './api';

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
    if (!result.ok) return onError(result, 'We could not remove that device. Please try again.');
    if (device.current) return onRemovedSelf();
    setDevices(result.body.devices);
  }

  return (
    <Card className="host-devices">
      <h2>Devices managing this order</h2>
      <ul className="host-devices__list" data-testid="host-devices">
        {devices.map((device) => (
          <li key={device.id} className="host-devices__item">
            <div>
              <strong>{device.label}</strong>
              {device.current ? <span className="muted small"> · this browser</span> : null}
              <div className="muted small">Since {device.addedText}</div>
            </div>
            {device.removable ? (
              <Button
                variant="ghost"
                className="btn--small"
                onClick={() => remove(device)}
                disabled={busy !== null}
                aria-label={`Remove ${device.label}${device.current ? ' (this browser)' : ''}`}
              >
                {busy === device.id ? 'Removing…' : 'Remove'}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
