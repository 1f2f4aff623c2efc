-- A company's files that hold the words. For words few files hold, the search reads a kind's
-- matches from its words' index rather than walking its dates (lib/search/search-plan.ts). For the
-- files, that index held every company's files: a customer's two-word search read the 2,757 files
-- of all companies holding them and the 3,123 files of their company, and kept the 58 in both (a
-- third of the search's statement: docs/journal/2026-11-29-search-company-files-index.md). A GIN
-- index on (the company, the words), as migration 0087 made for a person's messages, reads just
-- the company's. The index on the words alone stays, for those who see every company's files.
CREATE INDEX exchange_files_entity_words_idx ON exchange_files USING gin (entity_id, search);

-- On PGlite, without a pending list, as every GIN index there (migration 0093).
DO $$
BEGIN
  IF version() LIKE '%PGlite%' THEN
    ALTER INDEX exchange_files_entity_words_idx SET (fastupdate = off);
  END IF;
END $$;
