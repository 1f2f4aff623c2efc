import { Type, type Static } from 'typebox';
import { Nullable } from './common';

/**
 * Business hours (docs/product.md, "The consultant's promise"): each staff member's weekly hours,
 * time zone, own days off and public-holiday calendar, from which the server counts the reply
 * promise. GET/PUT /api/staff/me/hours (the caller's own), GET/PUT /api/admin/staff/{id}/hours and
 * GET/PUT /api/admin/staff/default-hours (administrators), and the public holidays under
 * /api/admin/holidays (administrators).
 */

/** A public-holiday calendar: an ISO 3166 country or subdivision code (FR, GB-ENG). */
export const HOLIDAY_CALENDAR_PATTERN = '^[A-Z]{2}(-[A-Z0-9]{1,3})?$';
export const HolidayCalendarSchema = Type.String({ pattern: HOLIDAY_CALENDAR_PATTERN, maxLength: 6 });

/** One range of a weekday: `day` 1 Monday … 7 Sunday, `from` and `to` as HH:MM (`to` may be 24:00). */
export const DayRangeSchema = Type.Object(
  {
    day: Type.Integer({ minimum: 1, maximum: 7 }),
    // The server checks the times and names the day in its message; the schema only bounds them.
    from: Type.String({ maxLength: 5 }),
    to: Type.String({ maxLength: 5 }),
  },
  { additionalProperties: false },
);
export type DayRange = Static<typeof DayRangeSchema>;

/** The most ranges a week holds, and days off a person keeps. */
export const WEEK_RANGES_MAX = 70;
export const DAYS_OFF_MAX = 400;

const hoursFields = {
  /** An IANA time zone (Europe/Paris). */
  time_zone: Type.String({ minLength: 1, maxLength: 64 }),
  /** The public holidays followed, or null for none. */
  holidays: Nullable(HolidayCalendarSchema),
  week: Type.Array(DayRangeSchema, { maxItems: WEEK_RANGES_MAX }),
};

export const StaffHoursBodySchema = Type.Object(
  {
    ...hoursFields,
    /** Own days off, as local dates. */
    days_off: Type.Array(Type.String({ format: 'date' }), { maxItems: DAYS_OFF_MAX }),
  },
  { additionalProperties: false },
);
export type StaffHoursBody = Static<typeof StaffHoursBodySchema>;

export const StaffHoursSchema = Type.Object({
  user_id: Type.Integer(),
  ...hoursFields,
  days_off: Type.Array(Type.String()),
  /** True while the person has set none: the answer is then the administrator's default. */
  is_default: Type.Boolean(),
});
export type StaffHours = Static<typeof StaffHoursSchema>;

export const DefaultHoursBodySchema = Type.Object(hoursFields, { additionalProperties: false });
export type DefaultHoursBody = Static<typeof DefaultHoursBodySchema>;
export const DefaultHoursSchema = Type.Object(hoursFields);
export type DefaultHours = Static<typeof DefaultHoursSchema>;

export const PublicHolidaySchema = Type.Object({
  calendar: Type.String(),
  day: Type.String(),
  name: Type.String(),
});
export type PublicHoliday = Static<typeof PublicHolidaySchema>;

export const PublicHolidayListQuerySchema = Type.Object({
  calendar: Type.Optional(HolidayCalendarSchema),
  year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100 })),
});
export type PublicHolidayListQuery = Static<typeof PublicHolidayListQuerySchema>;

export const PublicHolidayListSchema = Type.Object({
  items: Type.Array(PublicHolidaySchema),
  /** Every calendar that holds at least one day. */
  calendars: Type.Array(Type.String()),
});
export type PublicHolidayList = Static<typeof PublicHolidayListSchema>;

export const PublicHolidayParamsSchema = Type.Object({
  calendar: HolidayCalendarSchema,
  day: Type.String({ format: 'date' }),
});
export const PublicHolidayBodySchema = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 120 }) },
  { additionalProperties: false },
);

/** A staff member away: `from` and `to` are dates, both included, in the person's time zone. */
export const AwayBodySchema = Type.Object(
  {
    from: Type.String({ format: 'date' }),
    to: Type.String({ format: 'date' }),
    /** Another consultant (contributor or more) or an administrator, not away over these dates. */
    stand_in_id: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type AwayBody = Static<typeof AwayBodySchema>;

export const StaffPersonSchema = Type.Object({ id: Type.Integer(), first_name: Type.String(), last_name: Type.String() });

export const AwaySchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  stand_in: StaffPersonSchema,
  /** When the away begins and ends, as instants (the end is the midnight after `to`, or when it was ended). */
  starts_at: Type.String(),
  ends_at: Type.String(),
});
export type Away = Static<typeof AwaySchema>;

/** The caller's away now or next (null when none), and those they stand in for now or later. */
export const AwayStateSchema = Type.Object({
  away: Nullable(AwaySchema),
  standing_in_for: Type.Array(
    Type.Object({
      consultant: StaffPersonSchema,
      from: Type.String(),
      to: Type.String(),
      starts_at: Type.String(),
      ends_at: Type.String(),
    }),
  ),
});
export type AwayState = Static<typeof AwayStateSchema>;
