-- How fresh each dashboard's data is: what the report server's refresh history said when
-- last read (plugins/app/dashboards/dashboard-refresh.ts, on the sync and on a schedule). The last
-- successful refresh and the last failure of the report the dashboard frames; no row: never read.
CREATE TABLE dashboard_refresh (
  dashboard_id integer PRIMARY KEY REFERENCES dashboards (id) ON DELETE CASCADE,
  -- The report's path on the report server (/Northwind/Sales).
  report_path text NOT NULL,
  last_success_at timestamptz,
  last_failure_at timestamptz,
  -- The report server's message for the last failure, for administrators (never shown to customers).
  last_failure_message text
);

-- The dashboard lists are cached (migration 0040): a change here drops them.
CREATE TRIGGER dashboard_refresh_hub_cache AFTER INSERT OR UPDATE OR DELETE ON dashboard_refresh FOR EACH ROW EXECUTE FUNCTION hub_cache_notify();
CREATE TRIGGER dashboard_refresh_hub_cache_truncate AFTER TRUNCATE ON dashboard_refresh FOR EACH STATEMENT EXECUTE FUNCTION hub_cache_notify();
