-- Every list is paged by keyset (its sort key, then id) so that a deep page costs what the first
-- one does; these indexes match each list's filter and order (docs/decisions/0008-bounded-lists.md).

-- A discussion's last activity (its latest message, else its creation), kept by the database so
-- that the discussion lists can be read in that order from an index instead of sorting them all.
ALTER TABLE discussions ADD COLUMN last_activity_at timestamptz;
UPDATE discussions d
   SET last_activity_at = coalesce((SELECT max(m.created_at) FROM messages m WHERE m.discussion_id = d.id), d.created_at);
ALTER TABLE discussions ALTER COLUMN last_activity_at SET NOT NULL;

-- A new discussion's activity is its creation until a message comes.
CREATE FUNCTION discussions_activity_default() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.last_activity_at := coalesce(NEW.last_activity_at, NEW.created_at);
  RETURN NEW;
END
$$;
CREATE TRIGGER discussions_activity_default BEFORE INSERT ON discussions
  FOR EACH ROW EXECUTE FUNCTION discussions_activity_default();

-- Statement-level, with the transition table: a set-based insert of many messages updates each
-- discussion once.
CREATE FUNCTION discussions_activity_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE discussions d SET last_activity_at = n.at
    FROM (SELECT discussion_id, max(created_at) AS at FROM new_messages GROUP BY discussion_id) n
   WHERE d.id = n.discussion_id AND d.last_activity_at < n.at;
  RETURN NULL;
END
$$;
CREATE FUNCTION discussions_activity_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE discussions d
     SET last_activity_at = coalesce((SELECT max(m.created_at) FROM messages m WHERE m.discussion_id = d.id), d.created_at)
   WHERE d.id IN (SELECT DISTINCT discussion_id FROM old_messages);
  RETURN NULL;
END
$$;
CREATE TRIGGER messages_activity_insert AFTER INSERT ON messages
  REFERENCING NEW TABLE AS new_messages FOR EACH STATEMENT EXECUTE FUNCTION discussions_activity_insert();
CREATE TRIGGER messages_activity_delete AFTER DELETE ON messages
  REFERENCING OLD TABLE AS old_messages FOR EACH STATEMENT EXECUTE FUNCTION discussions_activity_delete();

-- The discussion lists: a party's own (open, or all), every discussion (administrators).
CREATE INDEX discussions_customer_activity_idx ON discussions (customer_id, last_activity_at DESC, id DESC);
CREATE INDEX discussions_customer_open_activity_idx ON discussions (customer_id, last_activity_at DESC, id DESC) WHERE status = 'open';
CREATE INDEX discussions_consultant_activity_idx ON discussions (consultant_id, last_activity_at DESC, id DESC);
CREATE INDEX discussions_consultant_open_activity_idx ON discussions (consultant_id, last_activity_at DESC, id DESC) WHERE status = 'open';
CREATE INDEX discussions_activity_idx ON discussions (last_activity_at DESC, id DESC);
CREATE INDEX discussions_open_activity_idx ON discussions (last_activity_at DESC, id DESC) WHERE status = 'open';
DROP INDEX discussions_customer_idx;
DROP INDEX discussions_consultant_idx;

-- A thread, latest first and older on demand; and the unread messages of one recipient.
CREATE INDEX messages_thread_idx ON messages (discussion_id, created_at, id);
DROP INDEX messages_discussion_idx;
CREATE INDEX messages_unread_idx ON messages (to_user_id, discussion_id) WHERE status = 'open';
DROP INDEX messages_to_user_idx;

-- The audit log: newest first, whole or by action, item type or actor.
CREATE INDEX audit_log_at_id_idx ON audit_log (at DESC, id DESC);
DROP INDEX audit_log_at_idx;
CREATE INDEX audit_log_action_at_idx ON audit_log (action, at DESC, id DESC);
CREATE INDEX audit_log_type_at_idx ON audit_log (item_type, at DESC, id DESC);
CREATE INDEX audit_log_actor_at_idx ON audit_log (actor_id, at DESC, id DESC);
CREATE INDEX audit_log_shown_idx ON audit_log (display_as_user_id, at DESC, id DESC) WHERE display_as_user_id IS NOT NULL;
