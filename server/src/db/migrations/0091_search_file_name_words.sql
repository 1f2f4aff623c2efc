-- A file is found by the words of its name. PostgreSQL's parser reads "tapir.csv" or
-- "rapport-mensuel-12.xlsx" as one token (a file name), so its vector held that token alone and
-- "tapir" or "rapport" did not find it (only a prefix typed, or a typo's correction, did). The
-- name is now read twice: as written (an exact name still matches) and as its words, the
-- punctuation between them turned into spaces.
CREATE FUNCTION search_name_words(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT regexp_replace(coalesce(value, ''), '[^[:alnum:]]+', ' ', 'g') $$;

ALTER TABLE exchange_files DROP COLUMN search;
ALTER TABLE exchange_files ADD COLUMN search tsvector
  GENERATED ALWAYS AS (
    search_vector(search_name_words(name_original), NULL, comment)
      || search_name_vector(name_original) || search_name_vector(search_name_words(name_original))
  ) STORED;
CREATE INDEX exchange_files_search_idx ON exchange_files USING gin (search);

-- The column is new to PostgreSQL's statistics: without them, until autovacuum's next analyze, the
-- search planned a company's files as if no word were common (a customer's search 40 % slower).
ANALYZE exchange_files;
