-- A file's company, copied onto the file when it is written. A folder never changes collection,
-- nor a collection company, so the copy never goes stale. The latest files of a company and its
-- count of files to review then read one index each (below), whatever the number of its files:
-- through the folders and collections, both grew with the company's files (at 100 times the
-- demo, 70,000 files of Northwind were joined and sorted to show five).
ALTER TABLE exchange_files ADD COLUMN entity_id integer;
UPDATE exchange_files f
   SET entity_id = c.entity_id
  FROM exchange_folders d JOIN exchange_collections c ON c.id = d.collection_id
 WHERE d.id = f.folder_id;
ALTER TABLE exchange_files ALTER COLUMN entity_id SET NOT NULL;

CREATE FUNCTION exchange_files_entity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.entity_id INTO NEW.entity_id
    FROM exchange_folders d JOIN exchange_collections c ON c.id = d.collection_id
   WHERE d.id = NEW.folder_id;
  RETURN NEW;
END $$;
CREATE TRIGGER exchange_files_entity BEFORE INSERT OR UPDATE OF folder_id, entity_id ON exchange_files
  FOR EACH ROW EXECUTE FUNCTION exchange_files_entity();

-- The latest files of a company (the home widget), newest first; all companies' use
-- exchange_files_updated_idx.
CREATE INDEX exchange_files_entity_updated_idx ON exchange_files (entity_id, updated_at DESC, id DESC);
-- The files to review (uploaded, state 2): a few at any time, counted for the navigation's badge.
CREATE INDEX exchange_files_uploaded_idx ON exchange_files (entity_id) WHERE state = 2;

-- A company's collections by name, paged: the index gives the order, no sort of all of them.
CREATE INDEX exchange_collections_entity_project_idx ON exchange_collections (entity_id, project, id);
