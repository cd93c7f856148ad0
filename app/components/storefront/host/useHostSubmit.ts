import { useState, type Dispatch, type SetStateAction } from 'react';
import { useToast } from '../toast';
import { callApi, type ApiResult } from './api';
import { HOST_MESSAGES } from '~/lib/hostText';
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
    if (!result.ok) return onError(result, HOST_MESSAGES.updateFailed);
    toast.show(
      next === 'submitted'
        ? {
            title: HOST_MESSAGES.submitted,
            description: 'The shop has your group order. Guests can no longer add items.',
          }
        : { title: HOST_MESSAGES.reopened, description: 'Guests can add and change items again.' },
    );
    onChanged();
  }

  return { asking, setAsking, choosing, askSubmit, toggleStatus };
}

export type HostSubmit = ReturnType<typeof useHostSubmit>;
