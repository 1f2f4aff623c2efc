-- Who uploaded an image: a customer lists his own profile pictures (GET /api/images/category/profile),
-- not every other customer's. Older rows have none: they are listed to their users through the
-- users and entities that show them.
ALTER TABLE images ADD COLUMN created_by integer REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX images_created_by_idx ON images (created_by);
