-- Search (docs/product.md §11): full-text search vectors kept by the database, in English and in
-- French with accents folded, plus trigram indexes for typos and names.
--
-- The extensions live in a schema of their own and every call names it, so that whatever the
-- search_path of a connection or a test, the same functions and operators are found.
CREATE SCHEMA IF NOT EXISTS extensions;
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA extensions;
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA extensions;

-- Text search configurations that fold accents before stemming: "éléments" and "elements" give the
-- same lexeme, and ts_headline still marks the accented word of the original text.
CREATE TEXT SEARCH CONFIGURATION search_english (COPY = english);
ALTER TEXT SEARCH CONFIGURATION search_english
  ALTER MAPPING FOR hword, hword_part, word WITH extensions.unaccent, english_stem;
CREATE TEXT SEARCH CONFIGURATION search_french (COPY = french);
ALTER TEXT SEARCH CONFIGURATION search_french
  ALTER MAPPING FOR hword, hword_part, word WITH extensions.unaccent, french_stem;
-- Names (people, companies, files): no stemming, accents folded.
CREATE TEXT SEARCH CONFIGURATION search_simple (COPY = simple);
ALTER TEXT SEARCH CONFIGURATION search_simple
  ALTER MAPPING FOR hword, hword_part, word WITH extensions.unaccent, simple;

-- unaccent() is only STABLE (it reads its dictionary by name); naming the dictionary makes the
-- result depend on its arguments alone, so it may be declared IMMUTABLE and used in indexes.
CREATE FUNCTION search_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(extensions.unaccent('extensions.unaccent'::regdictionary, value)) $$;

-- The text of a rich-text body: tags removed, the entities the sanitiser writes decoded.
CREATE FUNCTION search_html_text(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT replace(replace(replace(replace(replace(replace(
           regexp_replace(coalesce(value, ''), '<[^>]*>', ' ', 'g'),
           '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&') $$;

-- A weighted vector in both languages: A the title, B the subtitle (or tag), C the body.
CREATE FUNCTION search_vector(title text, subtitle text, body text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT
    setweight(to_tsvector('search_english', coalesce(title, '')), 'A') || setweight(to_tsvector('search_french', coalesce(title, '')), 'A') ||
    setweight(to_tsvector('search_english', coalesce(subtitle, '')), 'B') || setweight(to_tsvector('search_french', coalesce(subtitle, '')), 'B') ||
    setweight(to_tsvector('search_english', coalesce(body, '')), 'C') || setweight(to_tsvector('search_french', coalesce(body, '')), 'C') $$;

-- A name's vector: every word as written, accents folded.
CREATE FUNCTION search_name_vector(name text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT setweight(to_tsvector('search_simple', coalesce(name, '')), 'A') $$;

ALTER TABLE advices ADD COLUMN search tsvector
  GENERATED ALWAYS AS (search_vector(title, subtitle, search_html_text(description))) STORED;
ALTER TABLE news_items ADD COLUMN search tsvector
  GENERATED ALWAYS AS (search_vector(title, subtitle, search_html_text(description))) STORED;
ALTER TABLE dashboards ADD COLUMN search tsvector
  GENERATED ALWAYS AS (search_vector(title, tag, description)) STORED;
ALTER TABLE trainings ADD COLUMN search tsvector
  GENERATED ALWAYS AS (search_vector(intitule, NULL, NULL)) STORED;
ALTER TABLE tickets ADD COLUMN search tsvector
  GENERATED ALWAYS AS (search_vector(title, NULL, description)) STORED;
ALTER TABLE messages ADD COLUMN search tsvector
  GENERATED ALWAYS AS (search_vector(NULL, NULL, message)) STORED;
ALTER TABLE exchange_collections ADD COLUMN search tsvector
  GENERATED ALWAYS AS (search_vector(project, NULL, NULL) || search_name_vector(project)) STORED;
ALTER TABLE exchange_folders ADD COLUMN search tsvector
  GENERATED ALWAYS AS (search_vector(name, NULL, NULL) || search_name_vector(name)) STORED;
ALTER TABLE exchange_files ADD COLUMN search tsvector
  GENERATED ALWAYS AS (search_vector(name_original, NULL, comment) || search_name_vector(name_original)) STORED;
ALTER TABLE users ADD COLUMN search tsvector
  GENERATED ALWAYS AS (search_name_vector(first_name || ' ' || last_name || ' ' || email)) STORED;
ALTER TABLE entities ADD COLUMN search tsvector
  GENERATED ALWAYS AS (search_name_vector(name || ' ' || slug)) STORED;
ALTER TABLE groups ADD COLUMN search tsvector
  GENERATED ALWAYS AS (search_name_vector(name)) STORED;

CREATE INDEX advices_search_idx ON advices USING gin (search);
CREATE INDEX news_items_search_idx ON news_items USING gin (search);
CREATE INDEX dashboards_search_idx ON dashboards USING gin (search);
CREATE INDEX trainings_search_idx ON trainings USING gin (search);
CREATE INDEX tickets_search_idx ON tickets USING gin (search);
CREATE INDEX messages_search_idx ON messages USING gin (search);
CREATE INDEX exchange_collections_search_idx ON exchange_collections USING gin (search);
CREATE INDEX exchange_folders_search_idx ON exchange_folders USING gin (search);
CREATE INDEX exchange_files_search_idx ON exchange_files USING gin (search);
CREATE INDEX users_search_idx ON users USING gin (search);
CREATE INDEX entities_search_idx ON entities USING gin (search);
CREATE INDEX groups_search_idx ON groups USING gin (search);

-- Titles and names by trigram: a typo in a title ("rapprot") or a part of a file name.
CREATE INDEX advices_title_trgm_idx ON advices USING gin (search_fold(title) extensions.gin_trgm_ops);
CREATE INDEX news_items_title_trgm_idx ON news_items USING gin (search_fold(title) extensions.gin_trgm_ops);
CREATE INDEX dashboards_title_trgm_idx ON dashboards USING gin (search_fold(title) extensions.gin_trgm_ops);
CREATE INDEX trainings_title_trgm_idx ON trainings USING gin (search_fold(intitule) extensions.gin_trgm_ops);
CREATE INDEX tickets_title_trgm_idx ON tickets USING gin (search_fold(title) extensions.gin_trgm_ops);
CREATE INDEX exchange_collections_trgm_idx ON exchange_collections USING gin (search_fold(project) extensions.gin_trgm_ops);
CREATE INDEX exchange_folders_trgm_idx ON exchange_folders USING gin (search_fold(name) extensions.gin_trgm_ops);
CREATE INDEX exchange_files_trgm_idx ON exchange_files USING gin (search_fold(name_original) extensions.gin_trgm_ops);
CREATE INDEX users_name_trgm_idx ON users USING gin (search_fold(first_name || ' ' || last_name || ' ' || email) extensions.gin_trgm_ops);
CREATE INDEX entities_name_trgm_idx ON entities USING gin (search_fold(name) extensions.gin_trgm_ops);
CREATE INDEX groups_name_trgm_idx ON groups USING gin (search_fold(name) extensions.gin_trgm_ops);

-- Every word ever indexed, folded: where a typo's correction ("reconcilaition" → "reconciliation")
-- is looked up by trigram. It says nothing by itself: a correction is offered only when the
-- corrected query finds items the person may see (lib/search). Words are never removed.
CREATE TABLE search_words (word text PRIMARY KEY);
CREATE INDEX search_words_trgm_idx ON search_words USING gin (word extensions.gin_trgm_ops);

-- The trigger's arguments name the columns to read; a word is 3 to 40 letters or digits.
CREATE FUNCTION search_words_collect() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_json jsonb := to_jsonb(NEW);
  texts text := '';
  i integer;
BEGIN
  FOR i IN 0 .. TG_NARGS - 1 LOOP
    texts := texts || ' ' || coalesce(search_html_text(row_json ->> TG_ARGV[i]), '');
  END LOOP;
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM regexp_split_to_table(search_fold(texts), '[^[:alnum:]]+') w
    WHERE length(w) BETWEEN 3 AND 40 AND w !~ '^[0-9]+$'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER advices_search_words AFTER INSERT OR UPDATE OF title, subtitle, description ON advices
  FOR EACH ROW EXECUTE FUNCTION search_words_collect('title', 'subtitle', 'description');
CREATE TRIGGER news_items_search_words AFTER INSERT OR UPDATE OF title, subtitle, description ON news_items
  FOR EACH ROW EXECUTE FUNCTION search_words_collect('title', 'subtitle', 'description');
CREATE TRIGGER dashboards_search_words AFTER INSERT OR UPDATE OF title, tag, description ON dashboards
  FOR EACH ROW EXECUTE FUNCTION search_words_collect('title', 'tag', 'description');
CREATE TRIGGER trainings_search_words AFTER INSERT OR UPDATE OF intitule ON trainings
  FOR EACH ROW EXECUTE FUNCTION search_words_collect('intitule');
CREATE TRIGGER tickets_search_words AFTER INSERT OR UPDATE OF title, description ON tickets
  FOR EACH ROW EXECUTE FUNCTION search_words_collect('title', 'description');
CREATE TRIGGER messages_search_words AFTER INSERT OR UPDATE OF message ON messages
  FOR EACH ROW EXECUTE FUNCTION search_words_collect('message');
CREATE TRIGGER exchange_collections_search_words AFTER INSERT OR UPDATE OF project ON exchange_collections
  FOR EACH ROW EXECUTE FUNCTION search_words_collect('project');
CREATE TRIGGER exchange_folders_search_words AFTER INSERT OR UPDATE OF name ON exchange_folders
  FOR EACH ROW EXECUTE FUNCTION search_words_collect('name');
CREATE TRIGGER exchange_files_search_words AFTER INSERT OR UPDATE OF name_original, comment ON exchange_files
  FOR EACH ROW EXECUTE FUNCTION search_words_collect('name_original', 'comment');

-- The rows already there.
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM (
    SELECT search_fold(title || ' ' || coalesce(subtitle, '') || ' ' || search_html_text(description)) t FROM advices
    UNION ALL SELECT search_fold(title || ' ' || coalesce(subtitle, '') || ' ' || search_html_text(description)) FROM news_items
    UNION ALL SELECT search_fold(title || ' ' || coalesce(tag, '') || ' ' || coalesce(description, '')) FROM dashboards
    UNION ALL SELECT search_fold(intitule) FROM trainings
    UNION ALL SELECT search_fold(title || ' ' || coalesce(description, '')) FROM tickets
    UNION ALL SELECT search_fold(message) FROM messages
    UNION ALL SELECT search_fold(project) FROM exchange_collections
    UNION ALL SELECT search_fold(name) FROM exchange_folders
    UNION ALL SELECT search_fold(name_original || ' ' || coalesce(comment, '')) FROM exchange_files
  ) texts, regexp_split_to_table(t, '[^[:alnum:]]+') w
  WHERE length(w) BETWEEN 3 AND 40 AND w !~ '^[0-9]+$'
ON CONFLICT DO NOTHING;
