import { httpErrors } from '@fastify/sensible';
import fp from 'fastify-plugin';
import type {
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
import { isTimeZone } from '../../../lib/business-hours/zoned-time';
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
}

declare module 'fastify' {
  interface FastifyInstance {
    businessHoursRepository: BusinessHoursRepository;
  }
}

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
    };
    fastify.decorate('businessHoursRepository', repository);
  },
  { name: 'business-hours-repository', dependencies: ['database'] },
);
