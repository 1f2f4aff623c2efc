-- The consoles' lists (advices, dashboards: of one entity or all; news items) in each order they
-- offer: newest first, by title, by last change. A page reads the index in order and stops.
CREATE INDEX advices_admin_created_idx ON advices (entity_id, created_at DESC, id DESC);
CREATE INDEX advices_admin_title_idx ON advices (entity_id, lower(title), id);
CREATE INDEX advices_admin_updated_idx ON advices (entity_id, updated_at, id);
CREATE INDEX advices_created_idx ON advices (created_at DESC, id DESC);
CREATE INDEX advices_title_idx ON advices (lower(title), id);
CREATE INDEX advices_updated_idx ON advices (updated_at, id);
CREATE INDEX dashboards_admin_created_idx ON dashboards (entity_id, created_at DESC, id DESC);
CREATE INDEX dashboards_admin_title_idx ON dashboards (entity_id, lower(title), id);
CREATE INDEX dashboards_admin_updated_idx ON dashboards (entity_id, updated_at, id);
CREATE INDEX dashboards_created_idx ON dashboards (created_at DESC, id DESC);
CREATE INDEX dashboards_title_idx ON dashboards (lower(title), id);
CREATE INDEX dashboards_updated_idx ON dashboards (updated_at, id);
CREATE INDEX news_items_created_idx ON news_items (created_at DESC, id DESC);
CREATE INDEX news_items_title_idx ON news_items (lower(title), id);
CREATE INDEX news_items_updated_idx ON news_items (updated_at, id);
