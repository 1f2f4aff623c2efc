-- A consultant's book of clients read from the index alone (the consultant's pending list at 100× the demo data): the
-- consultant's entries with the client of each, so that checking "is this person in my book"
-- or reading the whole book touches no table page. Replaces the index on consultant_id alone.
CREATE INDEX user_contacts_book_idx ON user_contacts (consultant_id, user_id);
DROP INDEX user_contacts_consultant_idx;
