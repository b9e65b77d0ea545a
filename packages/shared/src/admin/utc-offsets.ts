/**
 * Account UTC offsets (catalogue-admin.md §3 Account): -12:00 to +14:00 by the hour, plus the listed
 * half- and quarter-hour zones. Labelled like 'UTC-6', 'UTC+5:45'.
 */
const HALF_AND_QUARTER_HOUR_OFFSETS = [
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
] as const;

export const DEFAULT_UTC_OFFSET = '-06:00';

function hourOffset(hours: number): string {
  const sign = hours < 0 ? '-' : '+';
  return `${sign}${String(Math.abs(hours)).padStart(2, '0')}:00`;
}

/** Minutes east of UTC for an offset like '-06:00' or '+05:45'. */
export function offsetToMinutes(offset: string): number {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!match) throw new Error(`Not a UTC offset: ${offset}`);
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

export const UTC_OFFSETS: readonly string[] = [
  ...Array.from({ length: 27 }, (_, i) => hourOffset(i - 12)),
  ...HALF_AND_QUARTER_HOUR_OFFSETS,
].sort((a, b) => offsetToMinutes(a) - offsetToMinutes(b));

/** 'UTC-6' for '-06:00', 'UTC+5:45' for '+05:45', 'UTC+0' for '+00:00'. */
export function utcOffsetLabel(offset: string): string {
  const minutes = offsetToMinutes(offset);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const rest = abs % 60;
  return `UTC${sign}${Math.floor(abs / 60)}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

export const UTC_OFFSET_OPTIONS = UTC_OFFSETS.map((value) => ({ value, label: utcOffsetLabel(value) }));

/** The wall-clock time at `offset` for an instant, as 'YYYY-MM-DD HH:mm' (no time-zone library needed). */
export function formatInOffset(instant: Date, offset: string): string {
  const shifted = new Date(instant.getTime() + offsetToMinutes(offset) * 60_000);
  return shifted.toISOString().slice(0, 16).replace('T', ' ');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * An instant as people read it, at the account's offset: 'Nov 25, 4:28:36 PM', 'Nov 25, 2026 4:28 PM' or
 * 'Nov 25, 2026'. Screens show every date this way (or with the spec's own formats), never in the browser's
 * time zone. An unreadable value gives ''.
 */
export function formatReadableInOffset(
  value: string | Date,
  offset: string,
  parts: { year?: boolean; time?: boolean; seconds?: boolean } = {},
): string {
  const { year = true, time = true, seconds = false } = parts;
  const instant = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(instant.getTime())) return '';
  const at = new Date(instant.getTime() + offsetToMinutes(offset) * 60_000);
  const day = `${MONTHS[at.getUTCMonth()]} ${at.getUTCDate()}${year ? `, ${at.getUTCFullYear()}` : ''}`;
  if (!time) return day;
  const hours = at.getUTCHours();
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${hours % 12 || 12}:${pad(at.getUTCMinutes())}${seconds ? `:${pad(at.getUTCSeconds())}` : ''}`;
  return `${day}${year ? '' : ','} ${clock} ${hours < 12 ? 'AM' : 'PM'}`;
}
