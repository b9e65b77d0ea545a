import { describe, expect, it } from 'vitest';
import { formatNoteDate, formatOrderDate, formatShipmentDate } from './order-dates';

describe('order dates in the account offset', () => {
  it.each([
    ['2026-11-21T03:30:00Z', '-06:00', '2026-11-20 21:30 UTC-6', '11/20/26', '2026-11-20 21:30'],
    ['2026-11-21T03:30:00Z', '+00:00', '2026-11-21 03:30 UTC+0', '11/21/26', '2026-11-21 03:30'],
    ['2026-11-21T03:30:00Z', '+05:45', '2026-11-21 09:15 UTC+5:45', '11/21/26', '2026-11-21 09:15'],
    ['2026-12-31T23:59:00-06:00', '-06:00', '2026-12-31 23:59 UTC-6', '12/31/26', '2026-12-31 23:59'],
    ['2026-12-31T23:59:00-06:00', '+14:00', '2027-01-01 19:59 UTC+14', '01/01/27', '2027-01-01 19:59'],
    ['2009-03-05T12:00:00Z', '-09:30', '2009-03-05 02:30 UTC-9:30', '03/05/09', '2009-03-05 02:30'],
  ])('%s at %s', (iso, offset, orderDate, shipmentDate, noteDate) => {
    expect(formatOrderDate(iso, offset)).toBe(orderDate);
    expect(formatShipmentDate(iso, offset)).toBe(shipmentDate);
    expect(formatNoteDate(iso, offset)).toBe(noteDate);
    expect(formatOrderDate(new Date(iso), offset)).toBe(orderDate);
  });

  it.each([null, undefined, '', 'not a date'])('%j shows as nothing', (value) => {
    expect(formatOrderDate(value, '-06:00')).toBe('');
    expect(formatShipmentDate(value, '-06:00')).toBe('');
    expect(formatNoteDate(value, '-06:00')).toBe('');
  });
});
