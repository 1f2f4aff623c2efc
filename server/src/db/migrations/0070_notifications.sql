-- The notification centre (docs/product.md, "Staying informed"): one row per event and per person
-- concerned, written in the same transaction as the event. The row names what happened and to what,
-- never a message's text or a file's content. The mail outbox reads these rows (its own migration).
CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The preference it falls under: content, discussions, collectmaster, tickets or trainings.
  kind text NOT NULL CHECK (kind IN ('content', 'discussions', 'collectmaster', 'tickets', 'trainings')),
  -- What happened, as a stable code ('advice.published', 'discussion.reply', ...).
  event text NOT NULL,
  -- What it is about: its type and id (to delete the notifications of an item a person no longer
  -- sees), its title at the time, and the portal path that opens it.
  subject_type text NOT NULL,
  subject_id bigint NOT NULL,
  title text NOT NULL DEFAULT '',
  path text NOT NULL,
  actor_id integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);

-- The list, newest first (keyset on id), and the unread count: each one indexed read.
CREATE INDEX notifications_user_id ON notifications (user_id, id DESC);
CREATE INDEX notifications_user_unread ON notifications (user_id) WHERE read_at IS NULL;
-- Losing sight of an item removes its notifications.
CREATE INDEX notifications_subject ON notifications (subject_type, subject_id);
-- Purging read rows after the retention period.
CREATE INDEX notifications_read_at ON notifications (read_at) WHERE read_at IS NOT NULL;

-- What each person chose, kept on the server so that the notifications and the emails made for them
-- follow it: the news categories they follow (NULL: all, until they choose), their language ('en'
-- or 'fr') and their time zone (an IANA name), which until now lived only in their browser.
ALTER TABLE users ADD COLUMN followed_categories integer[];
ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'fr'));
ALTER TABLE users ADD COLUMN time_zone text NOT NULL DEFAULT 'Europe/Paris';
