-- Governed content, each text in both languages: an item's own columns hold its texts in its
-- source language (`source_language`), and content_translations the other language's. Existing
-- items were written without a language: they read as English, the portal's default.
ALTER TABLE advices ADD COLUMN source_language text NOT NULL DEFAULT 'en' CHECK (source_language IN ('en', 'fr'));
ALTER TABLE news_items ADD COLUMN source_language text NOT NULL DEFAULT 'en' CHECK (source_language IN ('en', 'fr'));
ALTER TABLE dashboards ADD COLUMN source_language text NOT NULL DEFAULT 'en' CHECK (source_language IN ('en', 'fr'));
ALTER TABLE trainings ADD COLUMN source_language text NOT NULL DEFAULT 'en' CHECK (source_language IN ('en', 'fr'));

-- What a translation was made from: when the source's texts no longer give the digest saved with
-- the translation, the translation is out of date. A digest rather than a time, so that a save
-- that leaves the texts as they were does not send the translation back to the translator.
CREATE FUNCTION content_source_digest(title text, subtitle text, description text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT md5(coalesce(title, '') || chr(31) || coalesce(subtitle, '') || chr(31) || coalesce(description, '')) $$;

-- One kind's item is (item_type, item_id): one table for the four kinds, so that the mechanism is
-- written once. The rows go with their item (the triggers below).
CREATE TABLE content_translations (
  item_type text NOT NULL CHECK (item_type IN ('advice', 'news-item', 'dashboard', 'training')),
  item_id integer NOT NULL,
  language text NOT NULL CHECK (language IN ('en', 'fr')),
  title text NOT NULL,
  subtitle text,
  description text CHECK (char_length(description) <= 9999),
  source_digest text NOT NULL,
  updated_by integer REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Each language stemmed as itself: a French translation is not searched with English stems.
  search tsvector GENERATED ALWAYS AS (
    CASE language
      WHEN 'fr' THEN
        setweight(to_tsvector('search_french', title), 'A') ||
        setweight(to_tsvector('search_french', coalesce(subtitle, '')), 'B') ||
        setweight(to_tsvector('search_french', search_html_text(description)), 'C')
      ELSE
        setweight(to_tsvector('search_english', title), 'A') ||
        setweight(to_tsvector('search_english', coalesce(subtitle, '')), 'B') ||
        setweight(to_tsvector('search_english', search_html_text(description)), 'C')
    END) STORED,
  PRIMARY KEY (item_type, item_id, language)
);
CREATE INDEX content_translations_search_idx ON content_translations USING gin (search);

CREATE FUNCTION content_translations_follow_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM content_translations WHERE item_type = TG_ARGV[0] AND item_id = OLD.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER advices_translations AFTER DELETE ON advices
  FOR EACH ROW EXECUTE FUNCTION content_translations_follow_item('advice');
CREATE TRIGGER news_items_translations AFTER DELETE ON news_items
  FOR EACH ROW EXECUTE FUNCTION content_translations_follow_item('news-item');
CREATE TRIGGER dashboards_translations AFTER DELETE ON dashboards
  FOR EACH ROW EXECUTE FUNCTION content_translations_follow_item('dashboard');
CREATE TRIGGER trainings_translations AFTER DELETE ON trainings
  FOR EACH ROW EXECUTE FUNCTION content_translations_follow_item('training');

-- The customers' cached lists read the translations (migration 0040).
CREATE TRIGGER content_translations_hub_cache AFTER INSERT OR UPDATE OR DELETE ON content_translations
  FOR EACH ROW EXECUTE FUNCTION hub_cache_notify();
CREATE TRIGGER content_translations_hub_cache_truncate AFTER TRUNCATE ON content_translations
  FOR EACH STATEMENT EXECUTE FUNCTION hub_cache_notify();

-- On PGlite, which runs no autovacuum, a GIN index takes its entries at once (as in 0093).
DO $$
BEGIN
  IF version() LIKE '%PGlite%' THEN
    ALTER INDEX content_translations_search_idx SET (fastupdate = off);
  END IF;
END $$;
