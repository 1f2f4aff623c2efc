-- Three notification kinds, each with its email preference: 'reviews' (content submitted for review,
-- approved or returned to draft; the publisher's staff), 'promises' (a reply promise about to pass
-- or missed, a low rating to follow up; the publisher's staff) and 'exports' (a person's data export
-- is ready; in the portal only until the person chooses otherwise).

ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
  CHECK (kind IN ('content', 'discussions', 'collectmaster', 'tickets', 'trainings', 'releases', 'reviews', 'promises', 'exports'));

ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
  CHECK (kind IN ('content', 'discussions', 'collectmaster', 'tickets', 'trainings', 'releases', 'reviews', 'promises', 'exports'));

ALTER TABLE notification_preferences
  ADD COLUMN reviews text NOT NULL DEFAULT 'email' CHECK (reviews IN ('portal', 'email', 'digest', 'off')),
  ADD COLUMN promises text NOT NULL DEFAULT 'email' CHECK (promises IN ('portal', 'email', 'digest', 'off')),
  ADD COLUMN exports text NOT NULL DEFAULT 'portal' CHECK (exports IN ('portal', 'email', 'digest', 'off'));

-- As in 0100, with the new kinds.
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
           WHEN 'reviews' THEN coalesce(p.reviews, 'email')
           WHEN 'promises' THEN coalesce(p.promises, 'email')
           WHEN 'exports' THEN coalesce(p.exports, 'portal')
         END = 'email'
   ORDER BY n.id;
  RETURN NULL;
END
$$;
