/**
 * Wall-clock time in an IANA time zone with nothing but Intl: the offset of a zone at an instant,
 * the local calendar day of an instant, and the instant of a local day and time. Node 20 has no
 * Temporal, and these three are all the business-hours arithmetic needs.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether Intl knows the zone (an unknown one throws a RangeError when a formatter is made). */
export function isTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallTime(instant: number, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The zone's offset from UTC at the instant, in milliseconds (east positive). */
export function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  const w = wallTime(whole, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - whole;
}

/** A calendar day, as the days of the UTC calendar hold it: midnight UTC of that date, in ms. */
export type CalendarDay = number;

/** The local calendar day of the instant in the zone. */
export function localDay(instant: number, timeZone: string): CalendarDay {
  const w = wallTime(instant, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day);
}

export function nextDay(day: CalendarDay): CalendarDay {
  return day + DAY;
}

/** The ISO weekday of a calendar day: 1 Monday … 7 Sunday. */
export function isoWeekday(day: CalendarDay): number {
  const weekday = new Date(day).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** `YYYY-MM-DD` of a calendar day. */
export function dayText(day: CalendarDay): string {
  return new Date(day).toISOString().slice(0, 10);
}

/**
 * The instant when the zone's clocks show `minutes` after midnight of `day` (up to 24:00). A time
 * the clocks skip (the spring change) is read with the offset before the change, so 02:30 on the
 * night Paris goes to summer time is 03:30 summer time; a time they show twice (the autumn change)
 * is the first of the two. Both follow Temporal's 'compatible' reading.
 */
export function instantOf(day: CalendarDay, minutes: number, timeZone: string): number {
  const asUtc = day + minutes * MINUTE;
  // A zone changes its offset at most once in two days, so the offsets a day either side are the
  // only two this wall time can have.
  const before = offsetAt(asUtc - DAY, timeZone);
  const after = offsetAt(asUtc + DAY, timeZone);
  const candidates = [asUtc - before, asUtc - after]
    .filter((instant, i) => offsetAt(instant, timeZone) === (i === 0 ? before : after))
    .sort((a, b) => a - b);
  return candidates[0] ?? asUtc - before;
}
