import { useEffect, useState } from 'react';
import { ensureGuestToken, readGuestEmail, saveGuestEmail, takeEmailFromUrl } from './guestToken';

// The join form's behaviour: the name, initials and e-mail typed so far, and this browser's guest token for
// the order (made once the page runs, so the same browser is the same guest). The e-mail address is kept in
// this browser for the order (never in a URL); one that arrived as `?email=` is taken out of the address bar.

export function useJoinForm(orderId: number | undefined, prefill = '') {
  const [name, setName] = useState('');
  const [initials, setInitials] = useState('');
  const [email, setEmail] = useState(prefill);
  const [guestToken, setGuestToken] = useState('');
  useEffect(() => {
    const fromUrl = takeEmailFromUrl();
    if (!orderId) return;
    setGuestToken(ensureGuestToken(orderId));
    const kept = fromUrl || prefill || readGuestEmail(orderId);
    if (kept) setEmail(kept);
  }, [orderId, prefill]);
  /** On Join: the address goes with the form (POST) and stays in this browser for the menu page. */
  const remember = () => {
    if (orderId) saveGuestEmail(orderId, email);
  };
  return { name, setName, initials, setInitials, email, setEmail, guestToken, remember };
}

export type JoinForm = ReturnType<typeof useJoinForm>;
