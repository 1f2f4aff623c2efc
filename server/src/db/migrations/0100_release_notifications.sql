-- The automatic roll-back of a remote's candidate tells the remote's token owners and the
-- administrators (docs/releasing.md): a notification kind of its own, 'releases', whose email is
-- sent at once unless the person chooses otherwise.

ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
  CHECK (kind IN ('content', 'discussions', 'collectmaster', 'tickets', 'trainings', 'releases'));

ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
  CHECK (kind IN ('content', 'discussions', 'collectmaster', 'tickets', 'trainings', 'releases'));

ALTER TABLE notification_preferences
  ADD COLUMN releases text NOT NULL DEFAULT 'email' CHECK (releases IN ('portal', 'email', 'digest', 'off'));

-- As in 0075, with the new kind.
CREATE OR REPLACE FUNCTION mail_outbox_for_notifications() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO mail_outbox (user_id, kind, event, title, path, notification_id)
  SELECT n.user_id, n.kind, n.event, n.title, n.path, n.id
    FROM new_notifications n
    LEFT JOIN notification_preferences p ON p.user_id = n.user_id
   WHERE CASE n.kind
           WHEN 'content' THEN coalesce(p.content, 'digest')
           WHEN 'discussions' THEN coalesce(p.discussions, 'email')
           WHEN 'collectmaster' THEN coalesce(p.collectmaster, 'email')
           WHEN 'tickets' THEN coalesce(p.tickets, 'email')
           WHEN 'trainings' THEN coalesce(p.trainings, 'portal')
           WHEN 'releases' THEN coalesce(p.releases, 'email')
         END = 'email'
   ORDER BY n.id;
  RETURN NULL;
END
$$;
