// A zone's wall clock and UTC: the host forms and the server convert with these; the pages that only show
// times (menu, review, confirmed, dashboard) do not load them (docs/decisions/2026-11-27-page-weight-lazy.md).
// time.ts says them too.

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
