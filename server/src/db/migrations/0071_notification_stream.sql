-- The notification centre's live stream (docs/product.md §13): whoever inserts notifications (an
-- event's write, the scheduled publishing, the reminders), every server process hears it on the
-- channel 'hub_notifications' once the transaction commits, and pushes the new rows and the unread
-- count to the streams of the people concerned. Statement-level, so that publishing to 50,000 people
-- sends one NOTIFY, not 50,000: it carries the range of the new ids, which each process reads back
-- for the people whose streams it holds (NOTIFY payloads are limited to 8000 bytes).
CREATE FUNCTION notifications_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  low bigint;
  high bigint;
BEGIN
  SELECT min(id), max(id) INTO low, high FROM new_rows;
  IF low IS NOT NULL THEN
    PERFORM pg_notify('hub_notifications', json_build_object('op', 'new', 'min', low, 'max', high)::text);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER notifications_inserted AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_inserted();

-- Read marks and deletions (an item a person no longer sees) change unread counts: the people
-- concerned, or everyone (null) past 200 of them, have their count sent again.
CREATE FUNCTION notifications_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  concerned integer[];
BEGIN
  SELECT array_agg(DISTINCT user_id) INTO concerned FROM (SELECT user_id FROM old_rows LIMIT 100000) o;
  IF concerned IS NOT NULL THEN
    PERFORM pg_notify('hub_notifications', json_build_object('op', 'count', 'users',
      CASE WHEN cardinality(concerned) > 200 THEN NULL ELSE to_json(concerned) END)::text);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER notifications_updated AFTER UPDATE ON notifications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_counts_changed();
CREATE TRIGGER notifications_deleted AFTER DELETE ON notifications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_counts_changed();

-- "Has this person already been told about this item?": the content's notifications are kept in
-- step with who sees it (lib/notifications), which looks them up by subject and person.
CREATE INDEX notifications_subject_user ON notifications (subject_type, subject_id, user_id);
