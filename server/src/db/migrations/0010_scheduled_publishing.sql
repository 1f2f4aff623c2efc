-- Scheduled publishing: a draft with a publish_at is published by the scheduler when it is due.
ALTER TABLE advices ADD COLUMN publish_at timestamptz;
ALTER TABLE news_items ADD COLUMN publish_at timestamptz;
ALTER TABLE dashboards ADD COLUMN publish_at timestamptz;
-- The scheduler's query reads only the scheduled rows.
CREATE INDEX advices_publish_at_idx ON advices (publish_at) WHERE publish_at IS NOT NULL;
CREATE INDEX news_items_publish_at_idx ON news_items (publish_at) WHERE publish_at IS NOT NULL;
CREATE INDEX dashboards_publish_at_idx ON dashboards (publish_at) WHERE publish_at IS NOT NULL;
