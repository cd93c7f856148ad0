import { useEffect, useState } from 'react';
import { timeLeftText } from '~/lib/time';
import { useT } from '~/components/i18n';

/** The current time, starting from the server's clock so the first render matches the HTML. */
export function useNow(serverNow: string, everyMs = 5_000) {
  const [now, setNow] = useState(() => new Date(serverNow));
  useEffect(() => {
    setNow(new Date());
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** "Xh Ym left" / "Ym left" / "Expired" — not a live region: it would talk every few seconds. */
export function Countdown({
  deadlineAt,
  now,
  status = 'active',
}: {
  deadlineAt: string;
  now: Date;
  status?: string;
}) {
  const t = useT();
  // A submitted order is closed whatever the clock says: no "time left".
  if (status !== 'active') return <span className="countdown countdown--expired">{t('join.submitted')}</span>;
  const expired = new Date(deadlineAt).getTime() <= now.getTime();
  const text = timeLeftText(new Date(deadlineAt), now, t);
  return (
    <span className={`countdown ${expired ? 'countdown--expired' : ''}`} role="timer">
      {text}
    </span>
  );
}
