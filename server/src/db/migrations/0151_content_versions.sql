-- Every save of a governed content kept as a version: who, when, which fields changed, and the
-- item's texts and settings as saved (its translations included), so that any two versions can be
-- compared and any one restored. The history of an item starts with its first save after this
-- migration. `published_at`: the version went out to customers then.
CREATE TABLE content_versions (
  item_type text NOT NULL CHECK (item_type IN ('advice', 'news-item', 'dashboard')),
  item_id integer NOT NULL,
  version integer NOT NULL CHECK (version >= 1),
  saved_by integer REFERENCES users (id) ON DELETE SET NULL,
  saved_at timestamptz NOT NULL DEFAULT now(),
  fields text[] NOT NULL,
  snapshot jsonb NOT NULL,
  restored_from integer,
  published_at timestamptz,
  PRIMARY KEY (item_type, item_id, version)
);

CREATE FUNCTION content_versions_follow_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM content_versions WHERE item_type = TG_ARGV[0] AND item_id = OLD.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER advices_versions AFTER DELETE ON advices
  FOR EACH ROW EXECUTE FUNCTION content_versions_follow_item('advice');
CREATE TRIGGER news_items_versions AFTER DELETE ON news_items
  FOR EACH ROW EXECUTE FUNCTION content_versions_follow_item('news-item');
CREATE TRIGGER dashboards_versions AFTER DELETE ON dashboards
  FOR EACH ROW EXECUTE FUNCTION content_versions_follow_item('dashboard');
