-- Search at a publisher's size: two reads that grew with the tables rather than with what the
-- person may see (docs/journal/2026-11-27-search-one-statement-per-round.md).
--
-- A person's messages that hold a word. The index on `search` alone found every message of every
-- discussion holding the word (16,000 of 100,000 for a common one) and only then kept the
-- person's; its cost grew with everyone's messages. Every message goes from one party of its
-- discussion to the other (discussions-repository.ts), so a person's messages are those sent by
-- them or to them: a GIN index on (the person, the words) reads just those that hold the word.
-- btree_gin gives GIN the integer column; like the other extensions it lives in `extensions`.
CREATE EXTENSION IF NOT EXISTS btree_gin WITH SCHEMA extensions;
CREATE INDEX messages_to_user_search_idx ON messages USING gin (to_user_id, search);
CREATE INDEX messages_from_user_search_idx ON messages USING gin (from_user_id, search);
-- The index on the words alone stays: for a prefix while typing ("reconc:*") on a small table the
-- planner may prefer it, and without it, it chose to read every message.

-- An exact title comes first however old: `search_fold(title) = …` was answered by the title's
-- trigram index, which matches every title holding the word's trigrams (hundreds for a common
-- word) before the equality is checked. A btree on
-- the folded title answers it directly, on the three tables that grow.
CREATE INDEX advices_title_fold_idx ON advices (search_fold(title));
CREATE INDEX news_items_title_fold_idx ON news_items (search_fold(title));
CREATE INDEX exchange_files_name_fold_idx ON exchange_files (search_fold(name_original));
