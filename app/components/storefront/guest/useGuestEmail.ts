import { useEffect, useState } from 'react';
import { readGuestEmail, takeEmailFromUrl } from './guestToken';

/**
 * The e-mail address this browser's guest gave for the order, from the browser's storage (never from a
 * URL; one that arrived as `?email=` is kept, then taken out of the address bar). Empty until the page runs.
 */
export function useGuestEmail(orderId: number) {
  const [email, setEmail] = useState('');
  useEffect(() => {
    setEmail(takeEmailFromUrl(orderId) || readGuestEmail(orderId));
  }, [orderId]);
  return email;
}
