-- Email for the notifications (docs/product.md §12): each person's choices, the outbox written in
-- the same transaction as the notifications, and what the embedded SMTP server of development received.

-- One row per person who changed a default or has had a digest; no row: the defaults (discussions,
-- collectmaster and tickets by email at once, content by daily digest, trainings in the portal only).
-- portal: in the portal only; email: an email at once; digest: in the daily digest (content); off: no email.
CREATE TABLE notification_preferences (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  content text NOT NULL DEFAULT 'digest' CHECK (content IN ('portal', 'email', 'digest', 'off')),
  discussions text NOT NULL DEFAULT 'email' CHECK (discussions IN ('portal', 'email', 'digest', 'off')),
  collectmaster text NOT NULL DEFAULT 'email' CHECK (collectmaster IN ('portal', 'email', 'digest', 'off')),
  tickets text NOT NULL DEFAULT 'email' CHECK (tickets IN ('portal', 'email', 'digest', 'off')),
  trainings text NOT NULL DEFAULT 'portal' CHECK (trainings IN ('portal', 'email', 'digest', 'off')),
  -- The hour of the daily digest, in the person's time zone (users.time_zone).
  digest_hour smallint NOT NULL DEFAULT 8 CHECK (digest_hour BETWEEN 0 AND 23),
  -- The slot of the last digest considered (sent, or empty and not sent): the next one gathers what came after.
  last_digest_at timestamptz
);

-- The outbox: one row per email to send. Written by the trigger below (an email at once) and by
-- the daily digest (a mixed digest carries the kind 'content' for its unsubscribe link); sent by a worker in every server process (claims with FOR UPDATE SKIP LOCKED).
-- The row keeps what the email says (event, title, path; a digest's items), never a message's text.
CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('content', 'discussions', 'collectmaster', 'tickets', 'trainings')),
  -- An event code ('discussion.reply'...), or 'digest'.
  event text NOT NULL,
  title text NOT NULL DEFAULT '',
  path text NOT NULL DEFAULT '/',
  -- A digest's items: [{ "event", "title", "path" }].
  items jsonb,
  notification_id bigint,
  -- pending: to send (at next_attempt_at); sending: claimed until claimed_until (a process killed
  -- while sending leaves it, and it is claimed again after that); sent; failed: after the last try.
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  claimed_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);

-- What the worker claims, oldest first: an index of the unsent rows only.
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at, id) WHERE state IN ('pending', 'sending');
-- The administrators' page (by state, newest first) and the purge of sent rows.
CREATE INDEX mail_outbox_state ON mail_outbox (state, id DESC);
CREATE INDEX mail_outbox_sent_at ON mail_outbox (sent_at) WHERE state = 'sent';
-- The digest gathers each person's unread notifications of the kinds they get by digest, since their last one.
CREATE INDEX notifications_user_unread_created ON notifications (user_id, created_at) WHERE read_at IS NULL;

-- An email at once for each new notification whose person chose email for its kind: one statement
-- per INSERT, whatever the number of rows, in the event's own transaction.
CREATE FUNCTION mail_outbox_for_notifications() RETURNS trigger
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
         END = 'email'
   ORDER BY n.id;
  RETURN NULL;
END
$$;

CREATE TRIGGER notifications_mail_outbox
  AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS new_notifications
  FOR EACH STATEMENT EXECUTE FUNCTION mail_outbox_for_notifications();

-- What the embedded SMTP server (development only, no SMTP_URL) received, for the administrators' page.
CREATE TABLE mail_received (
  id bigserial PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now(),
  mail_from text NOT NULL DEFAULT '',
  rcpt_to text NOT NULL DEFAULT '',
  subject text NOT NULL DEFAULT '',
  message_id text NOT NULL DEFAULT '',
  -- The message as received (capped), so that the page shows it.
  raw text NOT NULL DEFAULT ''
);
CREATE INDEX mail_received_received_at ON mail_received (received_at);
