import { useEffect, useState } from 'react';
import { callApi, forgetHostToken, readHostToken } from './api';
import type { HostDevice } from './HostDevices';

/** What POST /api/group-orders/{id}/host answers to a host. */
export type HostView = {
  hostName: string;
  hostEmail: string;
  hostInitials: string | null;
  devices: HostDevice[];
};

/**
 * Who is looking at the dashboard: the host token in this browser (or the logged-in creator) is checked
 * with the server once; `checked` turns true when the answer is in (at once when there is nothing to check).
 */
export function useHostCheck(orderId: number, isCreator: boolean) {
  const [token, setToken] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const [host, setHost] = useState<HostView | null>(null);

  useEffect(() => {
    const stored = readHostToken(orderId);
    setToken(stored);
    if (!stored && !isCreator) {
      setChecked(true);
      return;
    }
    // POST: the token also travels in the body. Only a 403 (the server read the token and refused it)
    // forgets it; a 401 means no credential arrived, which is no reason to throw the token away.
    callApi<HostView>(`/group-orders/${orderId}/host`, { method: 'POST', body: {}, hostToken: stored }).then(
      (result) => {
        if (result.ok) setHost(result.body);
        else if (result.status === 403 || result.status === 401) {
          if (result.status === 403) forgetHostToken(orderId);
          setToken(null);
        }
        setChecked(true);
      },
    );
  }, [orderId, isCreator]);

  return { token, setToken, checked, host, setHost };
}
