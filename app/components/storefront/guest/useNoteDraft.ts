import { useEffect, useState } from 'react';
import { callApi } from '~/components/storefront/api';
import { noteDraftKey } from '~/lib/guests';
import { ensureGuestToken } from './guestToken';

function noteStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function clearNoteDraft(orderId: number, guest: string) {
  try {
    noteStorage()?.removeItem(noteDraftKey(orderId, guest));
  } catch {
    // nothing stored
  }
}

/**
 * The special instructions being written, kept in local storage per order and guest so a reload does not
 * lose them. With no draft, a guest who already has a note in this order starts from it (one note each).
 */
export function useNoteDraft(orderId: number, guest: string) {
  const [note, setNote] = useState('');
  const key = noteDraftKey(orderId, guest);
  useEffect(() => {
    const saved = noteStorage()?.getItem(key);
    if (saved !== null && saved !== undefined) {
      setNote(saved);
      return;
    }
    let cancelled = false;
    callApi<{ mine: boolean; guest?: { specialInstructions: string | null } }>(
      `/group-orders/${orderId}/guests/${encodeURIComponent(guest)}`,
      { guestToken: ensureGuestToken(orderId) },
    ).then((result) => {
      const existing = result.ok && result.body.mine ? result.body.guest?.specialInstructions : null;
      if (!cancelled && existing) setNote((current) => current || existing);
    });
    return () => {
      cancelled = true;
    };
  }, [key, orderId, guest]);
  const update = (value: string) => {
    setNote(value);
    try {
      if (value) noteStorage()?.setItem(key, value);
      else noteStorage()?.removeItem(key);
    } catch {
      // Private mode or a full quota: the note still works for this page view.
    }
  };
  return [note, update] as const;
}
