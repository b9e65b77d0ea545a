import { describe, expect, it } from 'vitest';
import {
  DEFAULT_UTC_OFFSET,
  formatInOffset,
  formatReadableInOffset,
  offsetToMinutes,
  UTC_OFFSETS,
  utcOffsetLabel,
} from './utc-offsets';

describe('UTC offsets', () => {
  it('runs from -12:00 to +14:00 with every listed half- and quarter-hour zone, sorted', () => {
    expect(UTC_OFFSETS[0]).toBe('-12:00');
    expect(UTC_OFFSETS.at(-1)).toBe('+14:00');
    expect(UTC_OFFSETS).toHaveLength(27 + 11);
    for (const extra of [
      '-09:30',
      '-03:30',
      '+03:30',
      '+04:30',
      '+05:30',
      '+05:45',
      '+06:30',
      '+08:45',
      '+09:30',
      '+10:30',
      '+13:45',
    ]) {
      expect(UTC_OFFSETS).toContain(extra);
    }
    const minutes = UTC_OFFSETS.map(offsetToMinutes);
    expect([...minutes].sort((a, b) => a - b)).toEqual(minutes);
    expect(new Set(UTC_OFFSETS).size).toBe(UTC_OFFSETS.length);
  });

  it('includes the default', () => {
    expect(UTC_OFFSETS).toContain(DEFAULT_UTC_OFFSET);
  });

  it.each([
    ['-06:00', 'UTC-6'],
    ['+00:00', 'UTC+0'],
    ['+05:45', 'UTC+5:45'],
    ['-09:30', 'UTC-9:30'],
    ['+14:00', 'UTC+14'],
    ['-12:00', 'UTC-12'],
  ])('labels %s as %s', (offset, label) => {
    expect(utcOffsetLabel(offset)).toBe(label);
  });

  it('refuses what is not an offset', () => {
    expect(() => offsetToMinutes('6')).toThrow('Not a UTC offset');
  });

  it('shows an instant in an offset', () => {
    const instant = new Date('2026-11-21T03:30:00Z');
    expect(formatInOffset(instant, '-06:00')).toBe('2026-11-20 21:30');
    expect(formatInOffset(instant, '+05:45')).toBe('2026-11-21 09:15');
  });
});

describe('formatReadableInOffset', () => {
  const instant = '2026-11-26T03:05:09Z';
  it.each([
    ['-06:00', {}, 'Nov 25, 2026 9:05 PM'],
    ['-06:00', { year: false, seconds: true }, 'Nov 25, 9:05:09 PM'],
    ['+05:45', {}, 'Nov 26, 2026 8:50 AM'],
    ['+00:00', { time: false }, 'Nov 26, 2026'],
    ['-12:00', {}, 'Nov 25, 2026 3:05 PM'],
    ['+14:00', { seconds: true }, 'Nov 26, 2026 5:05:09 PM'],
  ] as const)('at %s %j: %s', (offset, parts, expected) => {
    expect(formatReadableInOffset(instant, offset, parts)).toBe(expected);
  });

  it('midnight and noon are 12', () => {
    expect(formatReadableInOffset('2026-01-01T00:00:00Z', '+00:00')).toBe('Jan 1, 2026 12:00 AM');
    expect(formatReadableInOffset('2026-01-01T12:00:00Z', '+00:00')).toBe('Jan 1, 2026 12:00 PM');
  });

  it('an unreadable value is empty', () => {
    expect(formatReadableInOffset('not a date', '+00:00')).toBe('');
  });
});
