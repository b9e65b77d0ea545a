// orders-warehouse.md §2 date formats, shown in the account's UTC offset (docs/architecture.md §4) with the
// shared offset helpers: order dates 'yyyy-MM-dd HH:mm zz', shipment dates 'MM/DD/YY', note dates
// 'YYYY-MM-DD HH:mm'. A missing or unreadable date shows as ''.
import { formatInOffset, utcOffsetLabel } from '../admin/utc-offsets';

type DateInput = string | Date | null | undefined;

function toInstant(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const instant = value instanceof Date ? value : new Date(value);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** '2026-11-20 21:30 UTC-6': the zone is the account offset's label, as the account settings list it. */
export function formatOrderDate(value: DateInput, utcOffset: string): string {
  const instant = toInstant(value);
  return instant ? `${formatInOffset(instant, utcOffset)} ${utcOffsetLabel(utcOffset)}` : '';
}

/** '11/20/26': the shipment's day in the account's offset. */
export function formatShipmentDate(value: DateInput, utcOffset: string): string {
  const instant = toInstant(value);
  if (!instant) return '';
  const [year, month, day] = formatInOffset(instant, utcOffset).slice(0, 10).split('-');
  return `${month}/${day}/${year!.slice(2)}`;
}

/** '2026-11-20 21:30': a note's time in the account's offset. */
export function formatNoteDate(value: DateInput, utcOffset: string): string {
  const instant = toInstant(value);
  return instant ? formatInOffset(instant, utcOffset) : '';
}
