-- Collectmaster's counts, kept by the database: per folder, its files and the missing ones
-- (requested, not yet sent: state 1); per company, the files waiting for review (uploaded: state 2). A folder's page said how
-- many files it holds, each folder of a list how many files and missing ones, and the counters
-- (GET /api/v2/counters, and the live counters) how many files wait for review in the caller's
-- companies: each was a count of the files on every call, which grew with the folder and the
-- company (20,200 files in one folder, 17,500 waiting in one company at 100 times the demo data).
-- Read now from one row per folder, and for the counters one row per company (a sum over the
-- company's folders still grew with them: docs/journal/2026-11-27-collectmaster-counts-kept.md).
--
-- Three statement-level triggers on exchange_files apply each statement's changes as deltas (an
-- update under the row's lock: two writers of one folder lose nothing; a folder's uploads already
-- lock its row; a company's row is locked from the statement that changes its count of files
-- waiting for review to the commit, and those writes are one statement each). No row means no file. A file's company is its folder's (migration 0053: a folder
-- never changes collection, nor a collection company). Rows go with their folder or company.
-- test/db/exchange-folder-counts.test.ts compares the table with a count of the files after each
-- kind of write.
CREATE TABLE exchange_folder_counts (
  folder_id integer PRIMARY KEY REFERENCES exchange_folders (id) ON DELETE CASCADE,
  entity_id integer NOT NULL,
  files integer NOT NULL,
  missing integer NOT NULL
);
-- The counters of the staff who see every company: summed over the companies.
CREATE TABLE exchange_entity_counts (
  entity_id integer PRIMARY KEY REFERENCES entities (id) ON DELETE CASCADE,
  uploaded integer NOT NULL
);

-- The changes of one statement, per folder, applied to both tables (a company's row only when its
-- count of files waiting for review changed; a row of a folder or company deleted meanwhile, by a
-- cascade, is not made again).
CREATE OR REPLACE FUNCTION exchange_counts_apply(changes jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO exchange_folder_counts AS k (folder_id, entity_id, files, missing)
  SELECT c.folder_id, c.entity_id, c.files, c.missing
    FROM jsonb_to_recordset(changes) AS c (folder_id int, entity_id int, files int, missing int, uploaded int)
   WHERE EXISTS (SELECT 1 FROM exchange_folders f WHERE f.id = c.folder_id) AND (c.files <> 0 OR c.missing <> 0)
  ON CONFLICT (folder_id) DO UPDATE SET files = k.files + EXCLUDED.files, missing = k.missing + EXCLUDED.missing;
  INSERT INTO exchange_entity_counts AS k (entity_id, uploaded)
  SELECT c.entity_id, sum(c.uploaded)
    FROM jsonb_to_recordset(changes) AS c (folder_id int, entity_id int, files int, missing int, uploaded int)
   WHERE EXISTS (SELECT 1 FROM entities e WHERE e.id = c.entity_id)
   GROUP BY c.entity_id
  HAVING sum(c.uploaded) <> 0
  ON CONFLICT (entity_id) DO UPDATE SET uploaded = k.uploaded + EXCLUDED.uploaded;
END
$$;

CREATE OR REPLACE FUNCTION exchange_folder_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(x) INTO changes
      FROM (SELECT folder_id, min(entity_id) AS entity_id, count(*) AS files, count(*) FILTER (WHERE state = 1) AS missing,
                   count(*) FILTER (WHERE state = 2) AS uploaded
              FROM new_rows GROUP BY folder_id) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(x) INTO changes
      FROM (SELECT folder_id, min(entity_id) AS entity_id, -count(*) AS files, -count(*) FILTER (WHERE state = 1) AS missing,
                   -count(*) FILTER (WHERE state = 2) AS uploaded
              FROM old_rows GROUP BY folder_id) x;
  ELSE
    -- A file moved to another folder, or its state changed: the difference per folder.
    SELECT jsonb_agg(x) INTO changes
      FROM (SELECT folder_id, min(entity_id) AS entity_id, sum(files) AS files, sum(missing) AS missing, sum(uploaded) AS uploaded
              FROM (SELECT folder_id, entity_id, 1 AS files, (state = 1)::int AS missing, (state = 2)::int AS uploaded FROM new_rows
                    UNION ALL
                    SELECT folder_id, entity_id, -1, -(state = 1)::int, -(state = 2)::int FROM old_rows) d
             GROUP BY folder_id
            HAVING sum(files) <> 0 OR sum(missing) <> 0 OR sum(uploaded) <> 0) x;
  END IF;
  IF changes IS NOT NULL THEN
    PERFORM exchange_counts_apply(changes);
  END IF;
  RETURN NULL;
END
$$;

-- One trigger per event: PostgreSQL lets a trigger with transition tables name one event only.
CREATE TRIGGER exchange_folder_counts_insert AFTER INSERT ON exchange_files
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION exchange_folder_counts_track();
CREATE TRIGGER exchange_folder_counts_update AFTER UPDATE ON exchange_files
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION exchange_folder_counts_track();
CREATE TRIGGER exchange_folder_counts_delete AFTER DELETE ON exchange_files
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION exchange_folder_counts_track();

-- What the folders and companies hold now.
INSERT INTO exchange_folder_counts (folder_id, entity_id, files, missing)
SELECT folder_id, min(entity_id), count(*), count(*) FILTER (WHERE state = 1) FROM exchange_files GROUP BY folder_id;
INSERT INTO exchange_entity_counts (entity_id, uploaded)
SELECT entity_id, count(*) FROM exchange_files WHERE state = 2 GROUP BY entity_id;
