-- Dashboards are framed over https (migration 0001), with one exception for development: the
-- portal's stand-in report server, which it serves under its own origin's /dev-report-server
-- (plugins/external/power-bi), often plain http on localhost. The application still refuses any
-- other http address (dashboards-repository.ts), and only a development start points dashboards
-- at the stand-in.
ALTER TABLE dashboards DROP CONSTRAINT dashboards_url_check;
ALTER TABLE dashboards ADD CONSTRAINT dashboards_url_check
  CHECK (url LIKE 'https://%' OR url ~ '^http://[^/?#]+/dev-report-server/reports/powerbi/');
