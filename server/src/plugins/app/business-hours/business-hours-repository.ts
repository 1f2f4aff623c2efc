import { httpErrors } from '@fastify/sensible';
import fp from 'fastify-plugin';
import type {
  Away,
  AwayBody,
  AwayState,
  DayRange,
  DefaultHours,
  DefaultHoursBody,
  PublicHoliday,
  PublicHolidayList,
  PublicHolidayListQuery,
  StaffHours,
  StaffHoursBody,
} from '@hub/shared/api';
import type { Queryable } from '../../../db/db';
import type { BusinessCalendar } from '../../../lib/business-hours/business-hours';
import { weekProblem } from '../../../lib/business-hours/business-hours';
import { instantOf, isTimeZone, localDay, nextDay } from '../../../lib/business-hours/zoned-time';
import { iso } from '../../../lib/iso';
import { fieldError } from '../../../lib/http/field-errors';

export interface BusinessHoursRepository {
  /**
   * Staff have business hours: an administrator, or a contributor or more who is a consultant
   * (shown as a contact, or someone's consultant in user_contacts).
   */
  isStaff(userId: number, db?: Queryable): Promise<boolean>;
  /** The person's hours, or the default while they set none. */
  hours(userId: number, db?: Queryable): Promise<StaffHours>;
  /** Sets the person's hours (400 naming the field or the day when wrong). */
  setHours(userId: number, body: StaffHoursBody): Promise<StaffHours>;
  defaultHours(): Promise<DefaultHours>;
  setDefaultHours(body: DefaultHoursBody): Promise<DefaultHours>;
  /** What the business-hours count needs for the person: hours, own days off and public holidays. */
  calendar(userId: number, db?: Queryable): Promise<BusinessCalendar>;
  listHolidays(query: PublicHolidayListQuery): Promise<PublicHolidayList>;
  putHoliday(holiday: PublicHoliday): Promise<PublicHoliday>;
  /** False when there was no such day. */
  deleteHoliday(calendar: string, day: string): Promise<boolean>;
  /** The person's away now or next, and whom they stand in for now or later. */
  awayState(userId: number): Promise<AwayState>;
  /**
   * Sets the person's away (replacing the one now or next): 400 on wrong dates or a stand-in who is
   * no staff member, 409 when the stand-in is away over these dates or the person stands in then.
   */
  setAway(userId: number, body: AwayBody, now?: Date): Promise<Away>;
  /** Ends the away now (or drops one not begun); false when there is none. */
  endAway(userId: number, now?: Date): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    businessHoursRepository: BusinessHoursRepository;
  }
}

interface AwayRow {
  from: string;
  to: string;
  starts_at: Date | string;
  ends_at: Date | string;
  person: { id: number; first_name: string; last_name: string } | string;
}

const personOf = (value: AwayRow['person']) => (typeof value === 'string' ? (JSON.parse(value) as AwayRow['person'] & object) : value);
const awayOf = (row: AwayRow) => ({ from: row.from, to: row.to, starts_at: iso(row.starts_at), ends_at: iso(row.ends_at) });
const AWAY_FIELDS = `to_char(a.from_day, 'YYYY-MM-DD') AS "from", to_char(a.to_day, 'YYYY-MM-DD') AS "to", a.starts_at, a.ends_at`;
const PERSON = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'first_name', ${alias}.first_name, 'last_name', ${alias}.last_name)`;
const MAX_AWAY_DAYS = 366;
const fullName = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`.trim();

interface HoursRow {
  time_zone: string;
  holidays: string | null;
  week: DayRange[] | string;
  days_off: string[];
}

const parseWeek = (week: DayRange[] | string): DayRange[] => (typeof week === 'string' ? (JSON.parse(week) as DayRange[]) : week);

/** Days as `YYYY-MM-DD` text: a `date` read as a JavaScript Date would shift with the server's zone. */
const DAYS_OFF_TEXT = `ARRAY(SELECT to_char(d, 'YYYY-MM-DD') FROM unnest(h.days_off) d ORDER BY d)`;

export default fp(
  async (fastify) => {
    const { db } = fastify;

    /** 400 naming what is wrong: an unknown zone, a calendar with no days, a wrong range. */
    async function check(body: DefaultHoursBody) {
      if (!isTimeZone(body.time_zone)) throw fieldError(400, 'time_zone', `'${body.time_zone}' is not a time zone (e.g. Europe/Paris)`);
      if (body.holidays !== null) {
        const { rows } = await db.query('SELECT 1 FROM public_holidays WHERE calendar = $1 LIMIT 1', [body.holidays]);
        if (rows.length === 0) throw fieldError(400, 'holidays', `no public holidays are known for '${body.holidays}'`);
      }
      const problem = weekProblem(body.week);
      if (problem) throw fieldError(400, 'week', problem);
    }

    const normalWeek = (week: readonly DayRange[]) =>
      [...week].sort((a, b) => a.day - b.day || a.from.localeCompare(b.from)).map(({ day, from, to }) => ({ day, from, to }));

    const repository: BusinessHoursRepository = {
      async isStaff(userId, q = db) {
        const { rows } = await q.query<{ staff: boolean }>(
          `SELECT ('administrator' = ANY (u.rights))
                  OR (u.rights && ARRAY['contributor', 'publisher']
                      AND (u.contact_enable OR EXISTS (SELECT 1 FROM user_contacts c WHERE c.consultant_id = u.id))) AS staff
             FROM users u WHERE u.id = $1`,
          [userId],
        );
        return rows[0]?.staff === true;
      },

      async hours(userId, q = db) {
        const { rows } = await q.query<HoursRow & { is_default: boolean }>(
          `SELECT h.time_zone, h.holidays, h.week, ${DAYS_OFF_TEXT} AS days_off, false AS is_default
             FROM staff_hours h WHERE h.user_id = $1
           UNION ALL
           SELECT d.time_zone, d.holidays, d.week, '{}'::text[], true
             FROM staff_hours_default d WHERE NOT EXISTS (SELECT 1 FROM staff_hours WHERE user_id = $1)`,
          [userId],
        );
        const row = rows[0];
        if (!row) throw httpErrors.internalServerError('No default business hours');
        return {
          user_id: userId,
          time_zone: row.time_zone,
          holidays: row.holidays,
          week: parseWeek(row.week),
          days_off: row.days_off,
          is_default: row.is_default,
        };
      },

      async setHours(userId, body) {
        await check(body);
        const daysOff = [...new Set(body.days_off)].sort();
        await db.query(
          `INSERT INTO staff_hours (user_id, time_zone, holidays, week, days_off) VALUES ($1, $2, $3, $4::jsonb, $5::date[])
           ON CONFLICT (user_id) DO UPDATE SET time_zone = EXCLUDED.time_zone, holidays = EXCLUDED.holidays,
             week = EXCLUDED.week, days_off = EXCLUDED.days_off, updated_at = now()`,
          [userId, body.time_zone, body.holidays, JSON.stringify(normalWeek(body.week)), daysOff],
        );
        return repository.hours(userId);
      },

      async defaultHours() {
        const { rows } = await db.query<HoursRow>('SELECT time_zone, holidays, week FROM staff_hours_default');
        const row = rows[0]!;
        return { time_zone: row.time_zone, holidays: row.holidays, week: parseWeek(row.week) };
      },

      async setDefaultHours(body) {
        await check(body);
        await db.query(`UPDATE staff_hours_default SET time_zone = $1, holidays = $2, week = $3::jsonb, updated_at = now()`, [
          body.time_zone,
          body.holidays,
          JSON.stringify(normalWeek(body.week)),
        ]);
        return repository.defaultHours();
      },

      async calendar(userId, q = db) {
        const hours = await repository.hours(userId, q);
        const daysOff = new Set(hours.days_off);
        if (hours.holidays !== null) {
          const { rows } = await q.query<{ day: string }>(
            `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM public_holidays WHERE calendar = $1`,
            [hours.holidays],
          );
          for (const row of rows) daysOff.add(row.day);
        }
        return { timeZone: hours.time_zone, week: hours.week, daysOff };
      },

      async listHolidays(query) {
        const { rows } = await db.query<PublicHoliday>(
          `SELECT calendar, to_char(day, 'YYYY-MM-DD') AS day, name FROM public_holidays
            WHERE ($1::text IS NULL OR calendar = $1) AND ($2::int IS NULL OR extract(year FROM day) = $2)
            ORDER BY calendar, day`,
          [query.calendar ?? null, query.year ?? null],
        );
        const calendars = await db.query<{ calendar: string }>('SELECT DISTINCT calendar FROM public_holidays ORDER BY calendar');
        return { items: rows, calendars: calendars.rows.map((row) => row.calendar) };
      },

      async putHoliday(holiday) {
        const { rows } = await db.query<PublicHoliday>(
          `INSERT INTO public_holidays (calendar, day, name) VALUES ($1, $2, $3)
           ON CONFLICT (calendar, day) DO UPDATE SET name = EXCLUDED.name
           RETURNING calendar, to_char(day, 'YYYY-MM-DD') AS day, name`,
          [holiday.calendar, holiday.day, holiday.name.trim() || holiday.name],
        );
        return rows[0]!;
      },

      async deleteHoliday(calendar, day) {
        const { rows } = await db.query('DELETE FROM public_holidays WHERE calendar = $1 AND day = $2 RETURNING 1', [calendar, day]);
        return rows.length > 0;
      },

      async awayState(userId) {
        const { rows: own } = await db.query<AwayRow>(
          `SELECT ${AWAY_FIELDS}, ${PERSON('s')} AS person FROM staff_away a JOIN users s ON s.id = a.stand_in_id
            WHERE a.user_id = $1 AND a.ends_at > now() ORDER BY a.starts_at LIMIT 1`,
          [userId],
        );
        const { rows: standing } = await db.query<AwayRow>(
          `SELECT ${AWAY_FIELDS}, ${PERSON('c')} AS person FROM staff_away a JOIN users c ON c.id = a.user_id
            WHERE a.stand_in_id = $1 AND a.ends_at > now() ORDER BY a.starts_at, a.id`,
          [userId],
        );
        const first = own[0];
        return {
          away: first ? { ...awayOf(first), stand_in: personOf(first.person) } : null,
          standing_in_for: standing.map((row) => ({ ...awayOf(row), consultant: personOf(row.person) })),
        };
      },

      async setAway(userId, body, now = new Date()) {
        const { time_zone: timeZone } = await repository.hours(userId);
        const fromDay = Date.parse(`${body.from}T00:00:00Z`);
        const toDay = Date.parse(`${body.to}T00:00:00Z`);
        if (toDay < fromDay) throw fieldError(400, 'to', 'the away ends before it starts');
        if (toDay < localDay(now.getTime(), timeZone)) throw fieldError(400, 'to', 'the away is already over');
        if ((toDay - fromDay) / 86_400_000 >= MAX_AWAY_DAYS) throw fieldError(400, 'to', `an away lasts at most ${MAX_AWAY_DAYS} days`);
        if (body.stand_in_id === userId) throw fieldError(400, 'stand_in_id', 'nobody stands in for themselves');
        if (!(await repository.isStaff(body.stand_in_id))) {
          throw fieldError(400, 'stand_in_id', 'the stand-in must be a consultant or an administrator');
        }
        const startsAt = new Date(instantOf(fromDay, 0, timeZone));
        const endsAt = new Date(instantOf(nextDay(toDay), 0, timeZone));
        return db.transaction(async (tx) => {
          // Both people's rows locked in one order: two people naming each other at once wait in turn
          // and the second sees the first's away.
          const { rows: people } = await tx.query<{ id: number; first_name: string; last_name: string }>(
            'SELECT id, first_name, last_name FROM users WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE',
            [[userId, body.stand_in_id]],
          );
          const standIn = people.find((p) => p.id === body.stand_in_id)!;
          const overlapping = `a.starts_at < $2 AND a.ends_at > $3 AND a.ends_at > $4`;
          const standInAway = await tx.query(`SELECT 1 FROM staff_away a WHERE a.user_id = $1 AND ${overlapping}`, [
            body.stand_in_id,
            endsAt,
            startsAt,
            now,
          ]);
          if (standInAway.rows.length > 0) throw fieldError(409, 'stand_in_id', `${fullName(standIn)} is away over these dates`);
          const { rows: standing } = await tx.query<{ first_name: string; last_name: string }>(
            `SELECT c.first_name, c.last_name FROM staff_away a JOIN users c ON c.id = a.user_id
              WHERE a.stand_in_id = $1 AND ${overlapping} ORDER BY a.starts_at LIMIT 1`,
            [userId, endsAt, startsAt, now],
          );
          if (standing[0]) throw fieldError(409, 'from', `you stand in for ${fullName(standing[0])} over these dates`);
          // The away now or next is replaced: one that has begun ends now, one not begun goes.
          await tx.query('DELETE FROM staff_away WHERE user_id = $1 AND starts_at > $2', [userId, now]);
          await tx.query('UPDATE staff_away SET ends_at = $2 WHERE user_id = $1 AND starts_at <= $2 AND ends_at > $2', [userId, now]);
          await tx.query(
            `INSERT INTO staff_away (user_id, stand_in_id, from_day, to_day, starts_at, ends_at) VALUES ($1, $2, $3, $4, $5, $6)`,
            [userId, body.stand_in_id, body.from, body.to, startsAt, endsAt],
          );
          return {
            from: body.from,
            to: body.to,
            starts_at: startsAt.toISOString(),
            ends_at: endsAt.toISOString(),
            stand_in: { id: standIn.id, first_name: standIn.first_name, last_name: standIn.last_name },
          };
        });
      },

      async endAway(userId, now = new Date()) {
        return db.transaction(async (tx) => {
          const dropped = await tx.query('DELETE FROM staff_away WHERE user_id = $1 AND starts_at > $2 RETURNING 1', [userId, now]);
          const ended = await tx.query(
            'UPDATE staff_away SET ends_at = $2 WHERE user_id = $1 AND starts_at <= $2 AND ends_at > $2 RETURNING 1',
            [userId, now],
          );
          return dropped.rows.length + ended.rows.length > 0;
        });
      },
    };
    fastify.decorate('businessHoursRepository', repository);
  },
  { name: 'business-hours-repository', dependencies: ['database'] },
);
