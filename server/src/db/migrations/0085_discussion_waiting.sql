-- The pending list's sort key, kept by the database: one row per person and discussion with
-- messages waiting for that person (messages.status = 'open'), holding how many, and the other
-- party's name. The pending list (discussions-repository.ts, pendingByWalk) lists the people with
-- waiting messages first, most waiting first, then by last name, first name and id: read from this
-- table's index in that order, a page costs its own rows, where sorting a consultant's waiting
-- clients on every call (904 of 3,602 at 100 times the demo data) cost most of the call.
--
-- What is kept, and by what:
-- - n: +1 for each message that becomes waiting, -1 for each that stops (read, deleted, moved),
--   applied as deltas by the three statement-level triggers on messages below: a thread marked
--   read changes its row once. A delta is an UPDATE of the row (its lock orders two writers of the
--   same row), never a count read from a snapshot, so two writers cannot lose each other's change.
--   A row whose count reaches 0 is deleted.
-- - other_id, last_name, first_name: the discussion's other party (its customer for the
--   consultant, its consultant for the customer), read when the row is made, under a share lock on
--   that person's row, so that a rename (the trigger on users below) either comes first and is read,
--   or waits and then updates this row.
-- - The discussion's status and the caller's book (user_contacts) are not kept here: the list
--   checks them for each row it reads, as the one-statement sort does.
-- Rows go with their discussion and their recipient (ON DELETE CASCADE); a deleted other party
-- leaves other_id null, and the list then skips the row, as the discussion no longer names them.
-- test/db/discussion-waiting.test.ts compares the table with a count of the messages after each
-- kind of write.
CREATE TABLE discussion_waiting (
  recipient_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  discussion_id integer NOT NULL REFERENCES discussions (id) ON DELETE CASCADE,
  n integer NOT NULL,
  other_id integer REFERENCES users (id) ON DELETE SET NULL,
  last_name text,
  first_name text,
  PRIMARY KEY (recipient_id, discussion_id)
);
-- The pending list's order for one recipient.
CREATE INDEX discussion_waiting_order_idx ON discussion_waiting (recipient_id, n DESC, last_name, first_name, other_id);
-- A rename finds the rows naming the person.
CREATE INDEX discussion_waiting_other_idx ON discussion_waiting (other_id);

-- The changes of one statement on messages, as [recipient_id, discussion_id, delta] triples.
CREATE OR REPLACE FUNCTION discussion_waiting_changes(changes jsonb)
  RETURNS TABLE (recipient_id integer, discussion_id integer, delta integer) LANGUAGE sql IMMUTABLE AS $$
  SELECT (e ->> 0)::int, (e ->> 1)::int, (e ->> 2)::int FROM jsonb_array_elements(changes) e
$$;

-- Applies them: counts lowered (and rows at 0 deleted), then counts raised or rows made.
CREATE OR REPLACE FUNCTION discussion_waiting_apply(changes jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE discussion_waiting w SET n = w.n + c.delta
    FROM discussion_waiting_changes(changes) c
   WHERE c.delta < 0 AND w.recipient_id = c.recipient_id AND w.discussion_id = c.discussion_id;
  DELETE FROM discussion_waiting w
   USING discussion_waiting_changes(changes) c
   WHERE c.delta < 0 AND w.recipient_id = c.recipient_id AND w.discussion_id = c.discussion_id AND w.n <= 0;

  INSERT INTO discussion_waiting AS w (recipient_id, discussion_id, n, other_id, last_name, first_name)
  SELECT c.recipient_id, c.discussion_id, c.delta, o.id, o.last_name, o.first_name
    FROM discussion_waiting_changes(changes) c
    JOIN discussions d ON d.id = c.discussion_id
    JOIN users r ON r.id = c.recipient_id
    LEFT JOIN LATERAL (
      SELECT u.id, u.last_name, u.first_name FROM users u
       WHERE u.id = CASE WHEN d.consultant_id = c.recipient_id THEN d.customer_id ELSE d.consultant_id END
         FOR SHARE
    ) o ON true
   WHERE c.delta > 0
  ON CONFLICT (recipient_id, discussion_id) DO UPDATE SET n = w.n + EXCLUDED.n;
END
$$;

CREATE OR REPLACE FUNCTION discussion_waiting_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_array(to_user_id, discussion_id, delta)) INTO changes
      FROM (SELECT to_user_id, discussion_id, count(*)::int AS delta FROM new_rows
             WHERE status = 'open' AND to_user_id IS NOT NULL GROUP BY 1, 2) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_array(to_user_id, discussion_id, delta)) INTO changes
      FROM (SELECT to_user_id, discussion_id, -count(*)::int AS delta FROM old_rows
             WHERE status = 'open' AND to_user_id IS NOT NULL GROUP BY 1, 2) x;
  ELSE
    SELECT jsonb_agg(jsonb_build_array(to_user_id, discussion_id, delta)) INTO changes
      FROM (SELECT to_user_id, discussion_id, sum(delta)::int AS delta
              FROM (SELECT to_user_id, discussion_id, 1 AS delta FROM new_rows WHERE status = 'open' AND to_user_id IS NOT NULL
                    UNION ALL
                    SELECT to_user_id, discussion_id, -1 FROM old_rows WHERE status = 'open' AND to_user_id IS NOT NULL) d
             GROUP BY 1, 2 HAVING sum(delta) <> 0) x;
  END IF;
  IF changes IS NOT NULL THEN
    PERFORM discussion_waiting_apply(changes);
  END IF;
  RETURN NULL;
END
$$;

-- One trigger per event: PostgreSQL lets a trigger with transition tables name one event only.
CREATE TRIGGER discussion_waiting_insert AFTER INSERT ON messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION discussion_waiting_track();
CREATE TRIGGER discussion_waiting_update AFTER UPDATE ON messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION discussion_waiting_track();
CREATE TRIGGER discussion_waiting_delete AFTER DELETE ON messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION discussion_waiting_track();

CREATE OR REPLACE FUNCTION discussion_waiting_rename() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE discussion_waiting SET last_name = NEW.last_name, first_name = NEW.first_name WHERE other_id = NEW.id;
  RETURN NULL;
END
$$;

CREATE TRIGGER discussion_waiting_rename AFTER UPDATE OF last_name, first_name ON users
  FOR EACH ROW WHEN (OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.first_name IS DISTINCT FROM NEW.first_name)
  EXECUTE FUNCTION discussion_waiting_rename();

-- What is waiting now.
INSERT INTO discussion_waiting (recipient_id, discussion_id, n, other_id, last_name, first_name)
SELECT m.to_user_id, m.discussion_id, m.n, o.id, o.last_name, o.first_name
  FROM (SELECT to_user_id, discussion_id, count(*)::int AS n FROM messages
         WHERE status = 'open' AND to_user_id IS NOT NULL GROUP BY 1, 2) m
  JOIN discussions d ON d.id = m.discussion_id
  LEFT JOIN users o ON o.id = CASE WHEN d.consultant_id = m.to_user_id THEN d.customer_id ELSE d.consultant_id END;
