// @one-pass: pure code, no database.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type DayRange, businessTimeBetween, replyBy, weekProblem } from '../../../src/lib/business-hours/business-hours';
import { instantOf, isTimeZone, offsetAt } from '../../../src/lib/business-hours/zoned-time';

const HOUR = 3_600_000;
const weekdays = (from: string, to: string): DayRange[] => [1, 2, 3, 4, 5].map((day) => ({ day, from, to }));
const OFFICE = weekdays('09:00', '17:30');
const paris = (daysOff: string[] = []) => ({ timeZone: 'Europe/Paris', week: OFFICE, daysOff });
const london = (daysOff: string[] = []) => ({ timeZone: 'Europe/London', week: OFFICE, daysOff });
const at = (text: string) => new Date(text);

describe('business hours: the reply-by instant', () => {
  test('should count hours within one working day', () => {
    // Tuesday 10:00 in Paris (winter, UTC+1) plus 4 hours is 14:00 the same day.
    assert.equal(replyBy(at('2026-12-08T10:00:00+01:00'), 4, paris()).toISOString(), '2026-12-08T13:00:00.000Z');
  });

  test('should start the clock at the next opening for a message sent out of hours', () => {
    // Tuesday 20:00: the clock starts on Wednesday at 09:00.
    assert.equal(replyBy(at('2026-12-08T20:00:00+01:00'), 4, paris()).toISOString(), '2026-12-09T12:00:00.000Z');
    // Before opening on the same day.
    assert.equal(replyBy(at('2026-12-09T06:30:00+01:00'), 1, paris()).toISOString(), '2026-12-09T09:00:00.000Z');
    // Saturday: Monday.
    assert.equal(replyBy(at('2026-12-12T11:00:00+01:00'), 2, paris()).toISOString(), '2026-12-14T10:00:00.000Z');
  });

  test('should carry a promise over a weekend', () => {
    // Friday 16:00: 1h30 on Friday, 2h30 on Monday from 09:00 → Monday 11:30.
    assert.equal(replyBy(at('2026-12-11T16:00:00+01:00'), 4, paris()).toISOString(), '2026-12-14T10:30:00.000Z');
  });

  test("should skip the person's days off and public holidays", () => {
    // Wednesday 23 December 16:00, the 24th off, the 25th a holiday, then the weekend: Monday 28 at 11:30.
    const fr = paris(['2026-12-24', '2026-12-25']);
    assert.equal(replyBy(at('2026-12-23T16:00:00+01:00'), 4, fr).toISOString(), '2026-12-28T10:30:00.000Z');
    // In England the 28th is Boxing Day's substitute: Tuesday 29 at 11:30, London time (UTC+0).
    const en = london(['2026-12-24', '2026-12-25', '2026-12-28']);
    assert.equal(replyBy(at('2026-12-23T16:00:00Z'), 4, en).toISOString(), '2026-12-29T11:30:00.000Z');
  });

  test('should keep to the wall clock across the change to summer time in Paris', () => {
    // Friday 27 March 2026 16:00 CET (UTC+1); Monday 30 is CEST (UTC+2): 11:30 there is 09:30Z.
    assert.equal(replyBy(at('2026-03-27T16:00:00+01:00'), 4, paris()).toISOString(), '2026-03-30T09:30:00.000Z');
  });

  test('should keep to the wall clock across the change from summer time in Paris and London', () => {
    // Friday 23 October 2026 16:00 CEST; Monday 26 is CET: 11:30 there is 10:30Z.
    assert.equal(replyBy(at('2026-10-23T16:00:00+02:00'), 4, paris()).toISOString(), '2026-10-26T10:30:00.000Z');
    // London: BST to GMT on the same Sunday.
    assert.equal(replyBy(at('2026-10-23T16:00:00+01:00'), 4, london()).toISOString(), '2026-10-26T11:30:00.000Z');
    // And to summer time: London changes on 29 March 2026 too.
    assert.equal(replyBy(at('2026-03-27T16:00:00Z'), 4, london()).toISOString(), '2026-03-30T10:30:00.000Z');
  });

  test("should count a day's real length when the hours cross the night the clocks change", () => {
    const allWeek = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: '00:00', to: '24:00' }));
    const cal = { timeZone: 'Europe/Paris', week: allWeek, daysOff: [] };
    // Sunday 29 March 2026 has 23 hours in Paris, Sunday 25 October 25.
    assert.equal(businessTimeBetween(at('2026-03-29T00:00:00+01:00'), at('2026-03-30T00:00:00+02:00'), cal), 23 * HOUR);
    assert.equal(businessTimeBetween(at('2026-10-25T00:00:00+02:00'), at('2026-10-26T00:00:00+01:00'), cal), 25 * HOUR);
    // 24 hours from Saturday noon (CET) ends Sunday 13:00 CEST.
    assert.equal(replyBy(at('2026-03-28T12:00:00+01:00'), 24, cal).toISOString(), '2026-03-29T11:00:00.000Z');
  });

  test("should count in the consultant's own time zone", () => {
    const newYork = { timeZone: 'America/New_York', week: OFFICE, daysOff: [] };
    // Tuesday 10:00 in Paris is 04:00 in New York: the clock starts at 09:00 there (14:00Z).
    assert.equal(replyBy(at('2026-12-08T10:00:00+01:00'), 4, newYork).toISOString(), '2026-12-08T18:00:00.000Z');
    const tokyo = { timeZone: 'Asia/Tokyo', week: OFFICE, daysOff: [] };
    // Friday 10:00 in Paris is Friday 18:00 in Tokyo, closed: Monday 09:00 + 4h = 13:00 JST (04:00Z).
    assert.equal(replyBy(at('2026-12-11T10:00:00+01:00'), 4, tokyo).toISOString(), '2026-12-14T04:00:00.000Z');
  });

  test('should use every range of a day with several', () => {
    const split = [1, 2, 3, 4, 5].flatMap((day) => [
      { day, from: '14:00', to: '18:00' },
      { day, from: '09:00', to: '12:00' },
    ]);
    const cal = { timeZone: 'Europe/Paris', week: split, daysOff: [] };
    assert.equal(replyBy(at('2026-12-08T11:00:00+01:00'), 2, cal).toISOString(), '2026-12-08T14:00:00.000Z');
    assert.equal(businessTimeBetween(at('2026-12-08T08:00:00+01:00'), at('2026-12-08T20:00:00+01:00'), cal), 7 * HOUR);
  });

  test('should answer the start for a target of 0, and refuse a calendar with no hours', () => {
    assert.equal(replyBy(at('2026-12-12T11:00:00Z'), 0, paris()).toISOString(), '2026-12-12T11:00:00.000Z');
    assert.throws(() => replyBy(at('2026-12-12T11:00:00Z'), 1, { timeZone: 'Europe/Paris', week: [], daysOff: [] }), /no business hours/);
    assert.throws(() => replyBy(at('2026-12-12T11:00:00Z'), -1, paris()), /not a number of hours/);
  });
});

describe('business hours: the time elapsed', () => {
  test('should count only open hours between two instants', () => {
    // Friday 16:00 to Monday 11:30: 1h30 + 2h30.
    assert.equal(businessTimeBetween(at('2026-12-11T16:00:00+01:00'), at('2026-12-14T11:30:00+01:00'), paris()), 4 * HOUR);
    // Out of hours to out of hours over a whole week: 5 × 8h30.
    assert.equal(businessTimeBetween(at('2026-12-05T12:00:00Z'), at('2026-12-12T12:00:00Z'), paris()), 42.5 * HOUR);
    // A holiday takes its day away.
    assert.equal(businessTimeBetween(at('2026-12-05T12:00:00Z'), at('2026-12-12T12:00:00Z'), paris(['2026-12-08'])), 34 * HOUR);
    assert.equal(businessTimeBetween(at('2026-12-14T12:00:00Z'), at('2026-12-14T11:00:00Z'), paris()), 0);
  });

  test('should agree with the reply-by instant', () => {
    const start = at('2026-03-26T15:20:00+01:00');
    const end = replyBy(start, 13.5, paris(['2026-03-30']));
    assert.equal(businessTimeBetween(start, end, paris(['2026-03-30'])), 13.5 * HOUR);
  });
});

describe('business hours: the week', () => {
  test('should name the day of overlapping or inverted ranges', () => {
    assert.equal(weekProblem(OFFICE), null);
    assert.equal(
      weekProblem([
        { day: 2, from: '09:00', to: '12:00' },
        { day: 2, from: '11:00', to: '13:00' },
      ]),
      'Tuesday: the ranges 11:00–13:00 and 09:00–12:00 overlap.',
    );
    assert.equal(weekProblem([{ day: 3, from: '17:00', to: '09:00' }]), 'Wednesday: the range 17:00–09:00 ends before it starts.');
    assert.equal(weekProblem([{ day: 7, from: '9h', to: '12:00' }]), 'Sunday: 9h–12:00 is not a range of times (HH:MM, 00:00 to 24:00).');
    assert.equal(weekProblem([{ day: 8, from: '09:00', to: '12:00' }]), 'The day 8 is not a weekday (1 Monday to 7 Sunday).');
    // Ranges that touch do not overlap.
    assert.equal(
      weekProblem([
        { day: 1, from: '09:00', to: '12:00' },
        { day: 1, from: '12:00', to: '24:00' },
      ]),
      null,
    );
  });
});

describe('zoned time', () => {
  test('should read the wall clock the zones skip or show twice as Temporal does', () => {
    const day = Date.UTC(2026, 2, 29);
    // 02:30 does not exist in Paris that night: 03:30 CEST.
    assert.equal(new Date(instantOf(day, 150, 'Europe/Paris')).toISOString(), '2026-03-29T01:30:00.000Z');
    // 02:30 is shown twice on 25 October: the first (CEST).
    assert.equal(new Date(instantOf(Date.UTC(2026, 9, 25), 150, 'Europe/Paris')).toISOString(), '2026-10-25T00:30:00.000Z');
    assert.equal(offsetAt(Date.parse('2026-07-01T00:00:00Z'), 'Europe/London'), HOUR);
    assert.equal(isTimeZone('Europe/Paris'), true);
    assert.equal(isTimeZone('Mars/Olympus'), false);
  });
});
