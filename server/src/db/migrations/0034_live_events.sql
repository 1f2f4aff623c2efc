-- Live events (discussions, Collectmaster) are kept a day, so that a browser whose stream dropped
-- (its server process killed, a network change) reconnects to any process with Last-Event-ID and
-- is sent what it missed. The id is the SSE `id:`; ids are taken under one advisory lock held until
-- commit (live-streams.ts), so they become visible in increasing order and a replay "after id N"
-- never skips an event that committed late.
CREATE TABLE live_events (
  id bigserial PRIMARY KEY,
  channel text NOT NULL,
  -- Who may hear it (besides administrators, for the discussions' channel).
  users integer[] NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX live_events_channel_id_idx ON live_events (channel, id);
CREATE INDEX live_events_created_at_idx ON live_events (created_at);
