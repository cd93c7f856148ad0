import type { Translate } from './language';
export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** Offsets already worked out, by zone and minute (a zone changes its offset on a whole minute). */
const offsets = new Map<string, number>();
const OFFSETS_KEPT = 2000;

/** How far the zone's wall clock is ahead of UTC at an instant, in ms (Sydney in summer: +11 h). */
function zoneOffsetMs(instantMs: number, zone: string): number {
  const key = `${zone}|${Math.floor(instantMs / 60_000)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = measuredOffsetMs(instantMs, zone);
    if (offsets.size >= OFFSETS_KEPT) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** The offset read off the zone's wall clock (formatToParts), to the second. */
function measuredOffsetMs(instantMs: number, zone: string): number {
  let formatter = offsetFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    offsetFormatters.set(zone, formatter);
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wall - Math.floor(instantMs / 1000) * 1000;
}

/**
 * The UTC instant of a wall-clock date and time in a zone ("2026-04-05", "02:30", "Australia/Sydney").
 * Returns null when the text is not a real date/time. Daylight saving, the same way in every zone:
 * - a time the clocks skip (spring forward) moves forward by the jump, as clocks do: 02:30 becomes 03:30;
 * - a time that happens twice (clocks go back) is its first occurrence, or, with `notBefore`, the first
 *   occurrence not before that instant: "01:16" chosen at 01:45 on the first pass means the 01:16 to come.
 */
export function zonedToUtc(
  date: string,
  time: string,
  zone: string,
  options: { notBefore?: Date } = {},
): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  const t = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!d || !t) return null;
  const [year, month, day, hour, minute] = [d[1], d[2], d[3], t[1], t[2]].map(Number);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null;
  // DST changes are months apart: the offsets 12 hours either side are the only candidates.
  const HALF_DAY = 12 * 60 * 60_000;
  const before = zoneOffsetMs(wall - HALF_DAY, zone);
  const after = zoneOffsetMs(wall + HALF_DAY, zone);
  const matches = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((instant) => zoneOffsetMs(instant, zone) === wall - instant)
    .sort((a, b) => a - b);
  if (matches.length === 0) return new Date(wall - before); // skipped: the clock had already jumped
  const notBefore = options.notBefore?.getTime();
  const chosen =
    notBefore === undefined
      ? matches[0]
      : (matches.find((instant) => instant >= notBefore) ?? matches[matches.length - 1]);
  return new Date(chosen);
}

/**
 * The wall-clock date (yyyy-MM-dd) and time (HH:mm) of an instant in a zone. With the zone's offset from
 * the platform's own time zone data (no date library: storefront pages load this file).
 */
export function utcToZoned(instant: Date, zone: string): { date: string; time: string } {
  const wall = new Date(instant.getTime() + zoneOffsetMs(instant.getTime(), zone));
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${String(wall.getUTCFullYear()).padStart(4, '0')}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())}`,
    time: `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`,
  };
}

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
