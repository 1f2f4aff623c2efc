/**
 * Business hours: when a reply is due given a target in business hours, and how much business time
 * passed between two instants, in one person's time zone, weekly hours and days off. Pure: the
 * caller gathers the calendar (the person's hours, their own days off and their country's public
 * holidays) and this module only counts.
 */
import { type CalendarDay, dayText, instantOf, isoWeekday, localDay, nextDay } from './zoned-time';

const HOUR = 3_600_000;
/** How far ahead a count looks before deciding the calendar has no hours at all. */
const MAX_DAYS = 3 * 366;

/** One range of a weekday's hours, `HH:MM` to `HH:MM` (`24:00` closes at midnight). */
export interface DayRange {
  /** ISO weekday: 1 Monday … 7 Sunday. */
  day: number;
  from: string;
  to: string;
}

export interface BusinessCalendar {
  timeZone: string;
  week: readonly DayRange[];
  /** Local dates (`YYYY-MM-DD`) with no hours: the person's days off and public holidays. */
  daysOff: ReadonlySet<string> | readonly string[];
}

/** Minutes after midnight of `HH:MM`, or null when it is not a time of day (`24:00` is one). */
export function minutesOf(time: string): number | null {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(time);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 24 * 60 ? minutes : null;
}

/**
 * What is wrong with a week of hours, as a message naming the day, or null when it is right: a
 * time that is not `HH:MM`, a range that ends before it starts, two ranges of one day that overlap.
 */
export function weekProblem(week: readonly DayRange[]): string | null {
  const byDay = new Map<number, Array<[number, number]>>();
  for (const range of week) {
    const name = DAY_NAMES[range.day - 1] ?? `day ${range.day}`;
    if (!Number.isInteger(range.day) || range.day < 1 || range.day > 7) {
      return `The day ${range.day} is not a weekday (1 Monday to 7 Sunday).`;
    }
    const from = minutesOf(range.from);
    const to = minutesOf(range.to);
    if (from === null || to === null || from === 24 * 60) {
      return `${name}: ${range.from}–${range.to} is not a range of times (HH:MM, 00:00 to 24:00).`;
    }
    if (to <= from) return `${name}: the range ${range.from}–${range.to} ends before it starts.`;
    const ranges = byDay.get(range.day) ?? [];
    const clash = ranges.find(([f, t]) => from < t && f < to);
    if (clash) return `${name}: the ranges ${range.from}–${range.to} and ${clock(clash[0])}–${clock(clash[1])} overlap.`;
    ranges.push([from, to]);
    byDay.set(range.day, ranges);
  }
  return null;
}

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

interface Prepared {
  timeZone: string;
  /** Ranges in minutes per ISO weekday (index 1–7), in order. */
  byWeekday: Array<Array<[number, number]>>;
  daysOff: ReadonlySet<string>;
}

function prepare(calendar: BusinessCalendar): Prepared {
  const problem = weekProblem(calendar.week);
  if (problem) throw new RangeError(problem);
  const byWeekday: Array<Array<[number, number]>> = Array.from({ length: 8 }, () => []);
  for (const range of calendar.week) byWeekday[range.day]!.push([minutesOf(range.from)!, minutesOf(range.to)!]);
  for (const ranges of byWeekday) ranges.sort((a, b) => a[0] - b[0]);
  const daysOff = calendar.daysOff instanceof Set ? calendar.daysOff : new Set(calendar.daysOff);
  return { timeZone: calendar.timeZone, byWeekday, daysOff };
}

/** The open intervals of one local day, as instants, in order. */
function openIntervals(day: CalendarDay, calendar: Prepared): Array<[number, number]> {
  if (calendar.daysOff.has(dayText(day))) return [];
  return calendar.byWeekday[isoWeekday(day)]!.map(([from, to]) => [
    instantOf(day, from, calendar.timeZone),
    instantOf(day, to, calendar.timeZone),
  ]);
}

/**
 * The instant by which `hours` business hours have passed since `start`. A start out of hours
 * counts from the next opening; a target of 0 is the start itself.
 */
export function replyBy(start: Date, hours: number, calendar: BusinessCalendar): Date {
  if (!(hours >= 0) || !Number.isFinite(hours)) throw new RangeError(`The target ${hours} is not a number of hours.`);
  const from = start.getTime();
  if (hours === 0) return new Date(from);
  const prepared = prepare(calendar);
  let left = hours * HOUR;
  let day = localDay(from, prepared.timeZone);
  for (let n = 0; n < MAX_DAYS; n++, day = nextDay(day)) {
    for (const [open, close] of openIntervals(day, prepared)) {
      const begin = Math.max(open, from);
      if (close <= begin) continue;
      if (close - begin >= left) return new Date(begin + left);
      left -= close - begin;
    }
  }
  throw new RangeError('The calendar has no business hours in the next three years.');
}

/** The business time between two instants, in milliseconds (0 when `end` is not after `start`). */
export function businessTimeBetween(start: Date, end: Date, calendar: BusinessCalendar): number {
  const from = start.getTime();
  const to = end.getTime();
  if (to <= from) return 0;
  const prepared = prepare(calendar);
  const last = localDay(to, prepared.timeZone);
  let total = 0;
  for (let day = localDay(from, prepared.timeZone); day <= last; day = nextDay(day)) {
    for (const [open, close] of openIntervals(day, prepared)) {
      const begin = Math.max(open, from);
      const finish = Math.min(close, to);
      if (finish > begin) total += finish - begin;
    }
  }
  return total;
}
