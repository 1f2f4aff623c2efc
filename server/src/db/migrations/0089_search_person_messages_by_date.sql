-- A person's messages newest first, as the search reads them for a word many of them hold
-- (lib/search/search.ts: the messages sent to them, then those sent by them, each walked in date
-- order and stopped at the limit, instead of every message of theirs that holds the word).
CREATE INDEX messages_to_user_date_idx ON messages (to_user_id, created_at DESC, id DESC);
CREATE INDEX messages_from_user_date_idx ON messages (from_user_id, created_at DESC, id DESC);
