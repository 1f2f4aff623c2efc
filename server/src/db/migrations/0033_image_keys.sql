-- Image bytes are served at /api/images/{id}/file/{access_key}: public and cacheable for <img>, but
-- not walkable by counting ids. 32 hex characters (122 random bits) per image; existing rows get
-- theirs here, and image URLs already written into descriptions are rewritten to the new form.
ALTER TABLE images ADD COLUMN access_key text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '');
CREATE UNIQUE INDEX images_access_key_idx ON images (access_key);

DO $$
DECLARE
  img record;
  old_url text;
  new_url text;
BEGIN
  FOR img IN
    SELECT DISTINCT i.id, i.access_key
      FROM images i
      JOIN (SELECT (regexp_matches(description, '/api/images/([0-9]+)/file', 'g'))[1]::int AS id FROM advices
            UNION SELECT (regexp_matches(description, '/api/images/([0-9]+)/file', 'g'))[1]::int FROM news_items
            UNION SELECT (regexp_matches(description, '/api/images/([0-9]+)/file', 'g'))[1]::int FROM dashboards WHERE description IS NOT NULL) used
        ON used.id = i.id
  LOOP
    old_url := '/api/images/' || img.id || '/file(?![/0-9])';
    new_url := '/api/images/' || img.id || '/file/' || img.access_key;
    UPDATE advices SET description = regexp_replace(description, old_url, new_url, 'g')
     WHERE description ~ old_url AND char_length(regexp_replace(description, old_url, new_url, 'g')) <= 9999;
    UPDATE news_items SET description = regexp_replace(description, old_url, new_url, 'g')
     WHERE description ~ old_url AND char_length(regexp_replace(description, old_url, new_url, 'g')) <= 9999;
    UPDATE dashboards SET description = regexp_replace(description, old_url, new_url, 'g')
     WHERE description ~ old_url;
  END LOOP;
END $$;
