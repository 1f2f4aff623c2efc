-- Business hours: the public holidays a consultant's calendar skips, and each staff member's weekly
-- hours, time zone and days off, from which the reply promise is counted (lib/business-hours).
--
-- public_holidays: one row per calendar and day. A calendar is an ISO 3166 code (a country, or a
-- subdivision such as GB-ENG for England, whose bank holidays differ from Scotland's). Seeded for
-- France and England for 2026–2028, substitute days included; administrators keep it up to date
-- (/api/admin/holidays).
CREATE TABLE public_holidays (
  calendar text NOT NULL CHECK (calendar ~ '^[A-Z]{2}(-[A-Z0-9]{1,3})?$'),
  day date NOT NULL,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
  PRIMARY KEY (calendar, day)
);

INSERT INTO public_holidays (calendar, day, name) VALUES
  ('FR', '2026-01-01', 'Jour de l''an'),
  ('FR', '2026-04-06', 'Lundi de Pâques'),
  ('FR', '2026-05-01', 'Fête du Travail'),
  ('FR', '2026-05-08', 'Victoire 1945'),
  ('FR', '2026-05-14', 'Ascension'),
  ('FR', '2026-05-25', 'Lundi de Pentecôte'),
  ('FR', '2026-07-14', 'Fête nationale'),
  ('FR', '2026-08-15', 'Assomption'),
  ('FR', '2026-11-01', 'Toussaint'),
  ('FR', '2026-11-11', 'Armistice 1918'),
  ('FR', '2026-12-25', 'Noël'),
  ('GB-ENG', '2026-01-01', 'New Year''s Day'),
  ('GB-ENG', '2026-04-03', 'Good Friday'),
  ('GB-ENG', '2026-04-06', 'Easter Monday'),
  ('GB-ENG', '2026-05-04', 'Early May bank holiday'),
  ('GB-ENG', '2026-05-25', 'Spring bank holiday'),
  ('GB-ENG', '2026-08-31', 'Summer bank holiday'),
  ('GB-ENG', '2026-12-25', 'Christmas Day'),
  ('GB-ENG', '2026-12-28', 'Boxing Day (substitute day)'),
  ('FR', '2027-01-01', 'Jour de l''an'),
  ('FR', '2027-03-29', 'Lundi de Pâques'),
  ('FR', '2027-05-01', 'Fête du Travail'),
  ('FR', '2027-05-08', 'Victoire 1945'),
  ('FR', '2027-05-06', 'Ascension'),
  ('FR', '2027-05-17', 'Lundi de Pentecôte'),
  ('FR', '2027-07-14', 'Fête nationale'),
  ('FR', '2027-08-15', 'Assomption'),
  ('FR', '2027-11-01', 'Toussaint'),
  ('FR', '2027-11-11', 'Armistice 1918'),
  ('FR', '2027-12-25', 'Noël'),
  ('GB-ENG', '2027-01-01', 'New Year''s Day'),
  ('GB-ENG', '2027-03-26', 'Good Friday'),
  ('GB-ENG', '2027-03-29', 'Easter Monday'),
  ('GB-ENG', '2027-05-03', 'Early May bank holiday'),
  ('GB-ENG', '2027-05-31', 'Spring bank holiday'),
  ('GB-ENG', '2027-08-30', 'Summer bank holiday'),
  ('GB-ENG', '2027-12-27', 'Christmas Day (substitute day)'),
  ('GB-ENG', '2027-12-28', 'Boxing Day (substitute day)'),
  ('FR', '2028-01-01', 'Jour de l''an'),
  ('FR', '2028-04-17', 'Lundi de Pâques'),
  ('FR', '2028-05-01', 'Fête du Travail'),
  ('FR', '2028-05-08', 'Victoire 1945'),
  ('FR', '2028-05-25', 'Ascension'),
  ('FR', '2028-06-05', 'Lundi de Pentecôte'),
  ('FR', '2028-07-14', 'Fête nationale'),
  ('FR', '2028-08-15', 'Assomption'),
  ('FR', '2028-11-01', 'Toussaint'),
  ('FR', '2028-11-11', 'Armistice 1918'),
  ('FR', '2028-12-25', 'Noël'),
  ('GB-ENG', '2028-01-03', 'New Year''s Day (substitute day)'),
  ('GB-ENG', '2028-04-14', 'Good Friday'),
  ('GB-ENG', '2028-04-17', 'Easter Monday'),
  ('GB-ENG', '2028-05-01', 'Early May bank holiday'),
  ('GB-ENG', '2028-05-29', 'Spring bank holiday'),
  ('GB-ENG', '2028-08-28', 'Summer bank holiday'),
  ('GB-ENG', '2028-12-25', 'Christmas Day'),
  ('GB-ENG', '2028-12-26', 'Boxing Day');

-- A staff member's hours: week is a JSON array of { day: 1–7 (ISO, Monday first), from, to }
-- ranges (HH:MM, several a day, checked by the server), days_off their own days without hours,
-- holidays the public-holiday calendar they follow (none: no public holidays).
CREATE TABLE staff_hours (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  time_zone text NOT NULL,
  holidays text CHECK (holidays ~ '^[A-Z]{2}(-[A-Z0-9]{1,3})?$'),
  week jsonb NOT NULL,
  days_off date[] NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The hours of a staff member who set none, set by an administrator: one row. The first ones are
-- the portal's long-standing sentence, 8am to 8pm on weekdays, in Paris.
CREATE TABLE staff_hours_default (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  time_zone text NOT NULL,
  holidays text CHECK (holidays ~ '^[A-Z]{2}(-[A-Z0-9]{1,3})?$'),
  week jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO staff_hours_default (time_zone, holidays, week) VALUES (
  'Europe/Paris',
  'FR',
  '[{"day": 1, "from": "08:00", "to": "20:00"}, {"day": 2, "from": "08:00", "to": "20:00"},
    {"day": 3, "from": "08:00", "to": "20:00"}, {"day": 4, "from": "08:00", "to": "20:00"},
    {"day": 5, "from": "08:00", "to": "20:00"}]'
);
