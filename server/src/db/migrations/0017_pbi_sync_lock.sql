-- The Power BI Report Server sync runs one at a time, across every server process on the
-- database. A run takes the single row (id 1, written by the first run) as a lease (kind, token, since) before it reads the report
-- server and gives it back when done; a second run finds it taken and is refused (409). A lease
-- older than the longest run (a process that died mid-run) is taken over.
CREATE TABLE pbi_sync_lock (
  id integer PRIMARY KEY CHECK (id = 1),
  kind text,
  token text,
  since timestamptz
);
