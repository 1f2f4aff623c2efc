-- Each person's favourite dashboards: listed first, and on the home page's widget.
CREATE TABLE dashboard_favourites (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  dashboard_id integer NOT NULL REFERENCES dashboards (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, dashboard_id)
);
CREATE INDEX dashboard_favourites_dashboard ON dashboard_favourites (dashboard_id);

-- The dashboard lists are cached per user (migration 0040): a change here drops them.
CREATE TRIGGER dashboard_favourites_hub_cache AFTER INSERT OR UPDATE OR DELETE ON dashboard_favourites FOR EACH ROW EXECUTE FUNCTION hub_cache_notify();
CREATE TRIGGER dashboard_favourites_hub_cache_truncate AFTER TRUNCATE ON dashboard_favourites FOR EACH STATEMENT EXECUTE FUNCTION hub_cache_notify();
