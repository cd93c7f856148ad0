import type { Translate } from './language';
export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// Wall clock and UTC in a zone (zonedToUtc, utcToZoned) live in zonedTime.ts, apart, so the pages that
// only show times do not load the zone arithmetic; they are said from here as well.
export { utcToZoned, zonedToUtc } from './zonedTime';

// Building an Intl formatter costs far more than using one: one per kind, locale and zone, kept.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(kind: string, locale: string, zone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${kind}|${locale}|${zone}`;
  let formatter = dateFormats.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    dateFormats.set(key, formatter);
  }
  return formatter;
}

/** "3:45 pm" — the spec's 12-hour times, in the shop's zone; French and German read "15:45". */
export function formatTime12(instant: Date, zone: string, locale = 'en-AU'): string {
  const hour12 = locale.startsWith('en');
  return dateFormat('time', locale, zone, { hour: hour12 ? 'numeric' : '2-digit', minute: '2-digit', hour12 })
    .format(instant)
    .replace(/\u202f|\u00a0/g, ' ');
}

/** "Sat 21 Nov" style date in the shop's zone. */
export function formatDay(instant: Date, zone: string, locale = 'en-AU'): string {
  return dateFormat('day', locale, zone, { weekday: 'short', day: 'numeric', month: 'short' })
    .format(instant)
    .replace(',', '');
}

/** "Friday 27 November", "vendredi 27 novembre", "Freitag, 27. November": a day in full, in `zone`. */
export function formatLongDay(instant: Date, zone: string, locale = 'en-AU'): string {
  return dateFormat('longDay', locale, zone, { weekday: 'long', day: 'numeric', month: 'long' }).format(
    instant,
  );
}

export function formatDateTime(instant: Date, zone: string, locale = 'en-AU'): string {
  return `${formatDay(instant, zone, locale)}, ${formatTime12(instant, zone, locale)}`;
}

/** Spec: "Expired", "Xh Ym left" or "Ym left" (in the page's language when `t` is given). */
export function timeLeftText(deadline: Date, now: Date, t?: Translate): string {
  const ms = deadline.getTime() - now.getTime();
  const minutes = Math.floor(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  if (t) {
    if (ms <= 0) return t('time.expired');
    return hours > 0
      ? t('time.leftHours', { hours, minutes: minutes % 60 })
      : t('time.leftMinutes', { minutes });
  }
  if (ms <= 0) return 'Expired';
  return hours > 0 ? `${hours}h ${minutes % 60}m left` : `${minutes}m left`;
}
