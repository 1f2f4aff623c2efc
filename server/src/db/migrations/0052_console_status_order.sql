-- The consoles' lists sorted by status read by keyset (status, id), per entity and across all
-- entities, like the other orders (0051): without these, a page sorted by status sorts the whole
-- filtered set on every call.
CREATE INDEX advices_admin_status_order_idx ON advices (entity_id, status, id);
CREATE INDEX advices_status_order_idx ON advices (status, id);
CREATE INDEX dashboards_admin_status_order_idx ON dashboards (entity_id, status, id);
CREATE INDEX dashboards_status_order_idx ON dashboards (status, id);
CREATE INDEX news_items_status_order_idx ON news_items (status, id);
