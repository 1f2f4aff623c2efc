-- Discussions with the consultant: at most one open discussion per customer and consultant, so
-- that two first messages sent at once land in the same discussion (INSERT … ON CONFLICT).
CREATE UNIQUE INDEX discussions_one_open_idx ON discussions (customer_id, consultant_id) WHERE status = 'open';
CREATE INDEX messages_parent_idx ON messages (parent_message_id);
