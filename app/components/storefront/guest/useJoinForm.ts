import { useEffect, useState } from 'react';
import { ensureGuestToken } from './guestToken';

// The join form's behaviour: the name and initials typed so far, and this browser's guest token for the
// order (made once the page runs, so the same browser is the same guest).

export function useJoinForm(orderId: number | undefined) {
  const [name, setName] = useState('');
  const [initials, setInitials] = useState('');
  const [guestToken, setGuestToken] = useState('');
  useEffect(() => {
    if (orderId) setGuestToken(ensureGuestToken(orderId));
  }, [orderId]);
  return { name, setName, initials, setInitials, guestToken };
}

export type JoinForm = ReturnType<typeof useJoinForm>;
