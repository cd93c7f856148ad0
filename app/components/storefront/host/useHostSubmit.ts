import { useState, type Dispatch, type SetStateAction } from 'react';
import { useToast } from '../toast';
import { callApi, type ApiResult } from './api';
import { useT } from '~/components/i18n';
import type { HostBusy } from './useExtendDeadline';

/**
 * Submit (after asking, with who joined but has not confirmed anything) and reopen. `choosing` is null
 * while the page asks the server who that is.
 */
export function useHostSubmit({
  orderId,
  submitted,
  hostToken,
  setBusy,
  onChanged,
  onError,
}: {
  orderId: number;
  submitted: boolean;
  hostToken: string | null;
  setBusy: Dispatch<SetStateAction<HostBusy>>;
  onChanged: () => void;
  onError: (result: ApiResult, fallback: string) => void;
}) {
  const toast = useToast();
  const t = useT();
  const [asking, setAsking] = useState(false);
  // Who joined but has not confirmed anything: asked for when the host taps Submit (null while asking).
  const [choosing, setChoosing] = useState<string[] | null>(null);

  async function askSubmit() {
    setAsking(true);
    setChoosing(null);
    const result = await callApi<{ choosing?: string[] }>(`/group-orders/${orderId}/missing`, {
      body: {},
      hostToken,
    });
    setChoosing(result.ok ? (result.body.choosing ?? []) : []);
  }

  async function toggleStatus() {
    setBusy('status');
    const next = submitted ? 'active' : 'submitted';
    // POST (the route also takes the spec's PATCH): the app proxy is only sure to forward GET and POST.
    const result = await callApi(`/group-orders/${orderId}/status`, {
      method: 'POST',
      body: { status: next },
      hostToken,
    });
    setBusy(null);
    if (!result.ok) return onError(result, t('host.msg.updateFailed'));
    toast.show(
      next === 'submitted'
        ? { title: t('host.msg.submitted'), description: t('host.controls.submittedBody') }
        : { title: t('host.msg.reopened'), description: t('host.controls.reopenedBody') },
    );
    onChanged();
  }

  return { asking, setAsking, choosing, askSubmit, toggleStatus };
}

export type HostSubmit = ReturnType<typeof useHostSubmit>;
