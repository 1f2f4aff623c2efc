-- Whether an item's title is exactly what was typed, whoever may see it (lib/search/search.ts,
-- exactTitleKinds): asked once per search with one generic plan, so that only the kinds that have
-- such a title get the exact-title part of the search's statement. Migration 0087 gave the three
-- tables that grow most a btree on the folded title; the others had only its trigram index, which
-- PostgreSQL's generic plan passed over for reading the table and folding every title
-- (docs/journal/2026-11-28-search-hundred-candidates.md). A btree on each answers the equality
-- directly.
CREATE INDEX trainings_title_fold_idx ON trainings (search_fold(intitule));
CREATE INDEX dashboards_title_fold_idx ON dashboards (search_fold(title));
CREATE INDEX tickets_title_fold_idx ON tickets (search_fold(title));
CREATE INDEX exchange_collections_title_fold_idx ON exchange_collections (search_fold(project));
CREATE INDEX exchange_folders_title_fold_idx ON exchange_folders (search_fold(name));
CREATE INDEX entities_name_fold_idx ON entities (search_fold(name));
CREATE INDEX groups_name_fold_idx ON groups (search_fold(name));
