/** Calendar and clock fields of an instant in one time zone. */
export type DateParts = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The date's fields in `timeZone` (an IANA name; the runtime's zone when omitted). */
export function dateParts(date: Date, timeZone?: string): DateParts {
  const parts: DateParts = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const { type, value } of formatterFor(timeZone).formatToParts(date)) {
    if (type in parts) parts[type as keyof DateParts] = Number(value);
  }
  // Some ICU versions print midnight as 24 even with hourCycle h23.
  parts.hour %= 24;
  return parts;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function clock({ hour, minute }: DateParts): string {
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}

const INVALID = 'Invalid Date';

function isValid(date: Date): boolean {
  return !Number.isNaN(date.getTime());
}

/** 'yyyy-MM-dd HH:mm:ss' in `timeZone`. */
export function formatTimestamp(date: Date, timeZone?: string): string {
  if (!isValid(date)) return INVALID;
  const p = dateParts(date, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** A step's time in the feed: 'h:mm a', e.g. '3:07 PM'. */
export function formatStepTime(date: Date, timeZone?: string): string {
  if (!isValid(date)) return INVALID;
  return clock(dateParts(date, timeZone));
}

function dayNumber({ year, month, day }: DateParts): number {
  return Date.UTC(year, month - 1, day) / 86_400_000;
}

/**
 * A history entry's time relative to `now`: 'Today at h:mm a', 'Yesterday at h:mm a', otherwise
 * 'MMM d, yyyy at h:mm a'; calendar days are those of `timeZone`.
 */
export function formatHistoryTime(date: Date, now: Date, timeZone?: string): string {
  if (!isValid(date) || !isValid(now)) return INVALID;
  const when = dateParts(date, timeZone);
  const days = dayNumber(dateParts(now, timeZone)) - dayNumber(when);
  if (days === 0) return `Today at ${clock(when)}`;
  if (days === 1) return `Yesterday at ${clock(when)}`;
  return `${MONTHS[when.month - 1]} ${when.day}, ${when.year} at ${clock(when)}`;
}
