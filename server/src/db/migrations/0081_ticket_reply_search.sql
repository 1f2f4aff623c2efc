-- Search (docs/product.md §11) finds a helpdesk ticket by the words of its replies too, not only by
-- its title and description: the replies get the same vector, index and words as the other texts.
ALTER TABLE ticket_messages ADD COLUMN search tsvector
  GENERATED ALWAYS AS (search_vector(NULL, NULL, message)) STORED;
CREATE INDEX ticket_messages_search_idx ON ticket_messages USING gin (search);

CREATE TRIGGER ticket_messages_search_words AFTER INSERT OR UPDATE OF message ON ticket_messages
  FOR EACH ROW EXECUTE FUNCTION search_words_collect('message');

-- The replies already there.
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM ticket_messages, regexp_split_to_table(search_fold(message), '[^[:alnum:]]+') w
  WHERE length(w) BETWEEN 3 AND 40 AND w !~ '^[0-9]+$'
ON CONFLICT DO NOTHING;
