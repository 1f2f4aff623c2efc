-- The customers' news list (GET /api/news-items: published, pinned first, then newest) read in its
-- own order from an index, so that a page is a few index entries instead of a scan and sort of every
-- published item, which grows with the data and is paid whenever a write has emptied the list cache
-- (docs/journal/2026-11-27-soak-100x.md). The order is mixed (pinned and dates descending), which the index on
-- (status, pinned, created_at DESC) could not give; this one also serves the pinned widget
-- (status, pinned = true, newest first), so it replaces it.
CREATE INDEX news_items_list_idx ON news_items (status, pinned DESC, created_at DESC, id DESC);
DROP INDEX news_items_status_idx;
