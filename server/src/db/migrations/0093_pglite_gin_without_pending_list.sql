-- The embedded database (PGlite) runs no autovacuum. A GIN index's pending list (`fastupdate`, on
-- by default) is then flushed only by the insert that finds it past gin_pending_list_limit (4 MB),
-- in one go, and every scan of the index reads the whole list until then: a typo's correction (the
-- trigram index of search_words) grew slower with every new word written
-- (docs/journal/2026-11-29-search-no-gin-pending-lists.md).
--
-- On PGlite, every GIN index takes its entries at once. PostgreSQL, whose autovacuum flushes the
-- lists, keeps the default (bulk inserts are faster with it). A GIN index made by a later
-- migration must be set so on PGlite too (a block like this one): test/db/gin-pending-list.test.ts
-- checks them all.
DO $$
DECLARE
  gin regclass;
BEGIN
  IF version() LIKE '%PGlite%' THEN
    FOR gin IN
      SELECT c.oid::regclass FROM pg_class c
        JOIN pg_am am ON am.oid = c.relam
        JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE am.amname = 'gin' AND c.relkind = 'i' AND n.nspname = current_schema()
    LOOP
      EXECUTE format('ALTER INDEX %s SET (fastupdate = off)', gin);
      PERFORM gin_clean_pending_list(gin);
    END LOOP;
  END IF;
END $$;
