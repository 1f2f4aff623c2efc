-- What folding a text costs, told to the planner. search_unaccent (migration 0092) was declared
-- with the default cost of a C function, one operator, so PostgreSQL took folding every title of a
-- small table for cheaper than its folded titles' index (migrations 0087, 0090): asked whether an
-- item is titled as typed, it folded the 514 folders' and the 105 collections' names one by one,
-- most of what those eight lookups took on every search
-- (docs/journal/2026-11-29-search-every-query-at-goal.md).
-- Folding runs the unaccent dictionary over the text, about a hundred times an operator; at that
-- cost the planner reads the index past a few dozen rows, and still reads a table of a few rows
-- whole. Where migration 0092 could not declare the function (a role other than a superuser),
-- search_fold is not inlined and its own cost (100, as any SQL function) already says so.
DO $$
BEGIN
  IF to_regprocedure('search_unaccent(regdictionary, text)') IS NOT NULL THEN
    ALTER FUNCTION search_unaccent(regdictionary, text) COST 100;
  END IF;
END $$;
