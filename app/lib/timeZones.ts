// The settings page's time-zone choices: every IANA zone the runtime knows, labelled with its offset
// from GMT now ("Australia/Sydney (GMT+11)"), found by typing any part of the name or the offset.

export type TimeZoneOption = { value: string; label: string };

/** "GMT+11", "GMT+5:30", "GMT" (UTC and the like) for the zone at `now`. */
export function gmtOffset(zone: string, now = new Date()): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
    .formatToParts(now)
    .find((p) => p.type === 'timeZoneName');
  // ICU versions differ: some say "GMT+0" where others say "GMT".
  return !part || part.value === 'GMT+0' ? 'GMT' : part.value;
}

export function timeZoneOptions(zones: string[], now = new Date()): TimeZoneOption[] {
  return zones.map((zone) => ({ value: zone, label: `${zone} (${gmtOffset(zone, now)})` }));
}

/** Options whose label holds every word typed ("syd", "new york", "gmt+10"), at most `limit` of them. */
export function filterTimeZones(options: TimeZoneOption[], typed: string, limit = 50): TimeZoneOption[] {
  const words = typed.toLowerCase().replace(/[_/]/g, ' ').split(/\s+/).filter(Boolean);
  if (!words.length) return options.slice(0, limit);
  const matches = options.filter((option) => {
    const label = option.label.toLowerCase().replace(/[_/]/g, ' ');
    return words.every((word) => label.includes(word));
  });
  return matches.slice(0, limit);
}
