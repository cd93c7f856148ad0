import { describe, expect, it } from 'vitest';
import { filterTimeZones, gmtOffset, timeZoneOptions } from './timeZones';

const summer = new Date('2026-12-01T00:00:00Z');
const options = timeZoneOptions(Intl.supportedValuesOf('timeZone'), summer);

describe('time-zone choices', () => {
  it('labels each zone with its offset from GMT at the time', () => {
    expect(gmtOffset('Australia/Sydney', summer)).toBe('GMT+11');
    expect(gmtOffset('Australia/Sydney', new Date('2026-07-01T00:00:00Z'))).toBe('GMT+10');
    expect(gmtOffset('Asia/Kolkata', summer)).toBe('GMT+5:30');
    expect(options.find((o) => o.value === 'Europe/London')?.label).toBe('Europe/London (GMT)');
  });

  it('finds zones by any part of the name, with spaces for underscores, or by offset', () => {
    expect(filterTimeZones(options, 'sydney').map((o) => o.label)).toEqual(['Australia/Sydney (GMT+11)']);
    expect(filterTimeZones(options, 'new york').map((o) => o.value)).toEqual(['America/New_York']);
    expect(filterTimeZones(options, 'gmt+5:30').map((o) => o.value)).toContain('Asia/Colombo');
    expect(filterTimeZones(options, 'nowhere at all')).toEqual([]);
  });

  it('never offers the whole list of hundreds at once', () => {
    expect(options.length).toBeGreaterThan(300);
    expect(filterTimeZones(options, '')).toHaveLength(50);
  });
});
