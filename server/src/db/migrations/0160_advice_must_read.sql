-- Must-read advices: an advice can be marked as one its recipients must read and acknowledge,
-- by an optional date. Kept beside the advice rather than in it, so that the advice's own columns
-- and writes (edited only as a draft) stay as they are: the mark can be set on a published advice.
CREATE TABLE advice_must_read (
  advice_id integer PRIMARY KEY REFERENCES advices (id) ON DELETE CASCADE,
  -- The day by which to acknowledge it (the portal's time zone); NULL: no date, no reminders.
  due_on date,
  set_at timestamptz NOT NULL DEFAULT now(),
  set_by integer REFERENCES users (id) ON DELETE SET NULL
);

-- "I have read it": one row per person and advice, never removed by the person.
CREATE TABLE advice_acknowledgements (
  advice_id integer NOT NULL REFERENCES advices (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The person's company when they acknowledged: the reach's counts by company (migration 0161).
  entity_id integer REFERENCES entities (id) ON DELETE SET NULL,
  acknowledged_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (advice_id, user_id)
);
CREATE INDEX advice_acknowledgements_user_idx ON advice_acknowledgements (user_id);

-- The cached content lists (migration 0040) order and mark advices by both tables.
CREATE TRIGGER advice_must_read_hub_cache AFTER INSERT OR UPDATE OR DELETE ON advice_must_read FOR EACH ROW EXECUTE FUNCTION hub_cache_notify();
CREATE TRIGGER advice_must_read_hub_cache_truncate AFTER TRUNCATE ON advice_must_read FOR EACH STATEMENT EXECUTE FUNCTION hub_cache_notify();
CREATE TRIGGER advice_acknowledgements_hub_cache AFTER INSERT OR UPDATE OR DELETE ON advice_acknowledgements FOR EACH ROW EXECUTE FUNCTION hub_cache_notify();
CREATE TRIGGER advice_acknowledgements_hub_cache_truncate AFTER TRUNCATE ON advice_acknowledgements FOR EACH STATEMENT EXECUTE FUNCTION hub_cache_notify();
