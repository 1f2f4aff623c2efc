-- The reach of advices (docs/product.md, "Must-read advices and reach"): who opened an advice, and
-- counts kept as the writes happen, so that the console's totals are read, never counted.

-- One row per person and advice they opened: the days they opened it are counted once a day each.
-- The server writes these in batches (plugins/app/reach/advice-views.ts), never one per page view.
CREATE TABLE advice_viewers (
  advice_id integer NOT NULL REFERENCES advices (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The person's company when they first opened it (the counts by company below).
  entity_id integer REFERENCES entities (id) ON DELETE SET NULL,
  first_viewed_at timestamptz NOT NULL,
  -- The last day (portal time zone) it was opened, and on how many days.
  last_viewed_on date NOT NULL,
  view_days integer NOT NULL DEFAULT 1,
  PRIMARY KEY (advice_id, user_id)
);
CREATE INDEX advice_viewers_user_idx ON advice_viewers (user_id);

-- Per advice and company: how many people opened it, how many acknowledged it. Kept by the
-- statement triggers below from the rows each statement added or removed, grouped: a batch of
-- thousands of views changes each (advice, company) row once.
CREATE TABLE advice_reach_counts (
  advice_id integer NOT NULL REFERENCES advices (id) ON DELETE CASCADE,
  -- 0: a person without a company, or whose company is gone.
  entity_id integer NOT NULL,
  viewed integer NOT NULL DEFAULT 0,
  acknowledged integer NOT NULL DEFAULT 0,
  PRIMARY KEY (advice_id, entity_id)
);

CREATE FUNCTION advice_reach_viewed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO advice_reach_counts AS c (advice_id, entity_id, viewed)
    SELECT n.advice_id, coalesce(n.entity_id, 0), count(*) FROM new_rows n
     WHERE EXISTS (SELECT 1 FROM advices a WHERE a.id = n.advice_id)
     GROUP BY 1, 2
    ON CONFLICT (advice_id, entity_id) DO UPDATE SET viewed = c.viewed + EXCLUDED.viewed;
  ELSE
    UPDATE advice_reach_counts c SET viewed = c.viewed - o.n
      FROM (SELECT advice_id, coalesce(entity_id, 0) AS entity_id, count(*) AS n FROM old_rows GROUP BY 1, 2) o
     WHERE c.advice_id = o.advice_id AND c.entity_id = o.entity_id;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER advice_viewers_counted AFTER INSERT ON advice_viewers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION advice_reach_viewed();
CREATE TRIGGER advice_viewers_uncounted AFTER DELETE ON advice_viewers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION advice_reach_viewed();

CREATE FUNCTION advice_reach_acknowledged() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO advice_reach_counts AS c (advice_id, entity_id, acknowledged)
    SELECT n.advice_id, coalesce(n.entity_id, 0), count(*) FROM new_rows n
     WHERE EXISTS (SELECT 1 FROM advices a WHERE a.id = n.advice_id)
     GROUP BY 1, 2
    ON CONFLICT (advice_id, entity_id) DO UPDATE SET acknowledged = c.acknowledged + EXCLUDED.acknowledged;
  ELSE
    UPDATE advice_reach_counts c SET acknowledged = c.acknowledged - o.n
      FROM (SELECT advice_id, coalesce(entity_id, 0) AS entity_id, count(*) AS n FROM old_rows GROUP BY 1, 2) o
     WHERE c.advice_id = o.advice_id AND c.entity_id = o.entity_id;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER advice_acknowledgements_counted AFTER INSERT ON advice_acknowledgements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION advice_reach_acknowledged();
CREATE TRIGGER advice_acknowledgements_uncounted AFTER DELETE ON advice_acknowledgements
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION advice_reach_acknowledged();

-- How many people each company has, kept as people are added, moved or removed: the recipients of
-- an advice for the whole company are its people (content/visibility.ts), read here, not counted.
CREATE TABLE entity_people_counts (
  entity_id integer PRIMARY KEY REFERENCES entities (id) ON DELETE CASCADE,
  people integer NOT NULL DEFAULT 0
);
INSERT INTO entity_people_counts (entity_id, people)
SELECT e.id, (SELECT count(*) FROM users u WHERE u.entity_id = e.id) FROM entities e;

CREATE FUNCTION entity_people_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE entity_people_counts c SET people = c.people - o.n
      FROM (SELECT entity_id, count(*) AS n FROM old_rows WHERE entity_id IS NOT NULL GROUP BY 1) o
     WHERE c.entity_id = o.entity_id;
  ELSE
    INSERT INTO entity_people_counts AS c (entity_id, people)
    SELECT n.entity_id, count(*) FROM new_rows n
     WHERE n.entity_id IS NOT NULL AND EXISTS (SELECT 1 FROM entities e WHERE e.id = n.entity_id)
     GROUP BY 1
    ON CONFLICT (entity_id) DO UPDATE SET people = c.people + EXCLUDED.people;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER users_people_inserted AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION entity_people_track();
CREATE TRIGGER users_people_deleted AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION entity_people_track();
-- A move to another company, row by row: only then (a person's other writes leave the counts alone).
CREATE FUNCTION entity_people_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.entity_id IS NOT NULL THEN
    UPDATE entity_people_counts SET people = people - 1 WHERE entity_id = OLD.entity_id;
  END IF;
  IF NEW.entity_id IS NOT NULL THEN
    INSERT INTO entity_people_counts AS c (entity_id, people)
    SELECT NEW.entity_id, 1 WHERE EXISTS (SELECT 1 FROM entities e WHERE e.id = NEW.entity_id)
    ON CONFLICT (entity_id) DO UPDATE SET people = c.people + 1;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER users_people_moved AFTER UPDATE OF entity_id ON users
  FOR EACH ROW WHEN (OLD.entity_id IS DISTINCT FROM NEW.entity_id) EXECUTE FUNCTION entity_people_move();
-- A new company starts at zero (people may join it in the same statement's later rows).
CREATE FUNCTION entity_people_start() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO entity_people_counts (entity_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER entities_people_start AFTER INSERT ON entities FOR EACH ROW EXECUTE FUNCTION entity_people_start();

-- The people list of the reach, in name order within a company.
CREATE INDEX users_entity_name_idx ON users (entity_id, last_name, first_name, id);
