-- The search reads each kind's newest matches (lib/search/search.ts): for a word many files hold,
-- walking the files newest first and stopping at the limit costs the same whatever their number,
-- where the words' index and a sort cost more with every file. A file's date in the search is
-- when it was uploaded, else when it was last changed; a person sees one company's files, or all.
CREATE INDEX exchange_files_search_date_idx ON exchange_files ((coalesce(upload_at, updated_at)) DESC, id DESC);
CREATE INDEX exchange_files_entity_search_date_idx ON exchange_files (entity_id, (coalesce(upload_at, updated_at)) DESC, id DESC);
