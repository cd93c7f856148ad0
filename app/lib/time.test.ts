import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { timeLeftText, utcToZoned, zonedToUtc } from './time';

describe('timeLeftText', () => {
  const now = new Date('2026-11-21T10:00:00Z');
  const later = (ms: number) => new Date(now.getTime() + ms);

  it('says Expired at or after the deadline', () => {
    expect(timeLeftText(now, now)).toBe('Expired');
    expect(timeLeftText(later(-60_000), now)).toBe('Expired');
  });

  it('shows minutes only under an hour', () => {
    expect(timeLeftText(later(59 * 60_000), now)).toBe('59m left');
    expect(timeLeftText(later(30_000), now)).toBe('0m left');
  });

  it('shows hours and minutes from an hour on', () => {
    expect(timeLeftText(later(60 * 60_000), now)).toBe('1h 0m left');
    expect(timeLeftText(later((2 * 60 + 5) * 60_000 + 59_000), now)).toBe('2h 5m left');
  });
});

describe('zonedToUtc', () => {
  const iso = (...a: Parameters<typeof zonedToUtc>) => zonedToUtc(...a)?.toISOString() ?? null;

  it('reads a wall-clock time in the given zone and refuses dates that do not exist', () => {
    expect(iso('2026-11-22', '10:00', 'Australia/Sydney')).toBe('2026-11-21T23:00:00.000Z');
    expect(iso('2026-11-22', '10:00', 'Asia/Kolkata')).toBe('2026-11-22T04:30:00.000Z');
    expect(iso('2026-02-30', '10:00', 'Australia/Sydney')).toBeNull();
    expect(iso('2026-11-22', '24:00', 'Australia/Sydney')).toBeNull();
  });

  it('moves a time the clocks skip forward by the jump, in either hemisphere', () => {
    expect(iso('2026-10-04', '02:30', 'Australia/Sydney')).toBe('2026-10-03T16:30:00.000Z'); // 03:30 AEDT
    expect(iso('2026-03-08', '02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z'); // 03:30 EDT
  });

  it('takes the first occurrence of a repeated time, or the first one not before a given instant', () => {
    // Sydney 5 April 2026: 03:00 AEDT becomes 02:00 AEST. New York 1 November 2026: 02:00 EDT becomes 01:00 EST.
    expect(iso('2026-04-05', '02:16', 'Australia/Sydney')).toBe('2026-04-04T15:16:00.000Z');
    expect(iso('2026-11-01', '01:16', 'America/New_York')).toBe('2026-11-01T05:16:00.000Z');
    const sydney = { notBefore: new Date('2026-04-04T15:45:00Z') }; // 02:45 AEDT, first pass
    expect(iso('2026-04-05', '02:16', 'Australia/Sydney', sydney)).toBe('2026-04-04T16:16:00.000Z');
    expect(iso('2026-04-05', '02:50', 'Australia/Sydney', sydney)).toBe('2026-04-04T15:50:00.000Z');
    const newYork = { notBefore: new Date('2026-11-01T05:45:00Z') }; // 01:45 EDT, first pass
    expect(iso('2026-11-01', '01:16', 'America/New_York', newYork)).toBe('2026-11-01T06:16:00.000Z');
  });
});

describe('utcToZoned', () => {
  it('gives the same wall clock as a time-zone library, across zones and daylight-saving changes', () => {
    const zones = [
      'Australia/Sydney',
      'Australia/Lord_Howe',
      'America/New_York',
      'Asia/Kolkata',
      'Pacific/Chatham',
      'UTC',
    ];
    // Every 37 minutes through 2026 (each zone's DST changes included) and a few odd instants.
    const instants = [Date.UTC(1899, 0, 1, 12, 0, 30), Date.UTC(2026, 3, 4, 15, 59, 59, 999)];
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 37 * 60_000) instants.push(t);
    for (const zone of zones) {
      for (const t of instants) {
        const local = new TZDate(t, zone);
        const expected = { date: format(local, 'yyyy-MM-dd'), time: format(local, 'HH:mm') };
        expect(utcToZoned(new Date(t), zone), `${zone} ${new Date(t).toISOString()}`).toEqual(expected);
      }
    }
  });
});
