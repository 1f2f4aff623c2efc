-- People: users, entities, groups, the Power BI Report Server sync and helpdesk tickets.

-- Helpdesk statuses, and when a ticket last changed.
UPDATE tickets SET status = 'open' WHERE status NOT IN ('open', 'in_progress', 'closed');
ALTER TABLE tickets ADD CONSTRAINT tickets_status_check CHECK (status IN ('open', 'in_progress', 'closed'));
ALTER TABLE tickets ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
-- A plain user's list: the tickets they opened in their entity, newest first.
CREATE INDEX tickets_entity_author_idx ON tickets (entity_id, author_id, created_at DESC);

-- One entity per company name, whatever the case ('Contoso' and 'contoso' are one company): 409.
CREATE UNIQUE INDEX entities_name_lower_key ON entities (lower(name));

-- A report-server group maps to one hub group; report servers compare principal names without case.
CREATE UNIQUE INDEX groups_pbi_group_name_lower_key ON groups (lower(pbi_group_name));

-- The admin user lists are ordered by name.
CREATE INDEX users_name_idx ON users (last_name, first_name, id);

-- GET /api/advices (and its benchmark, bench/advices.ts): the entity's published advices, pinned
-- first then newest, read in this index's order so that a page stops after its rows instead of
-- sorting the whole entity's; audience_type included so that the count reads the index alone.
-- It starts with (entity_id, status): the older index of those two columns is redundant.
CREATE INDEX advices_list_idx ON advices (entity_id, status, pinned DESC, created_at DESC, id DESC) INCLUDE (audience_type);
DROP INDEX advices_entity_status_idx;

-- The number of advices per entity, status and audience, kept by a trigger: GET /api/advices
-- answers its total from here and from the caller's own personal advices, instead of counting the
-- entity's advices on every call (src/plugins/app/advices/advice-counts.ts).
CREATE TABLE advice_counts (
  entity_id integer NOT NULL REFERENCES entities (id) ON DELETE CASCADE,
  status integer NOT NULL,
  audience_type text NOT NULL,
  count integer NOT NULL CHECK (count >= 0),
  PRIMARY KEY (entity_id, status, audience_type)
);

CREATE FUNCTION advice_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.entity_id IS NOT NULL THEN
    -- An UPDATE only: a row that is gone (its entity being deleted) needs nothing.
    UPDATE advice_counts SET count = count - 1
     WHERE entity_id = OLD.entity_id AND status = OLD.status AND audience_type = OLD.audience_type;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.entity_id IS NOT NULL THEN
    INSERT INTO advice_counts AS c (entity_id, status, audience_type, count)
    VALUES (NEW.entity_id, NEW.status, NEW.audience_type, 1)
    ON CONFLICT (entity_id, status, audience_type) DO UPDATE SET count = c.count + 1;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER advice_counts_track
  AFTER INSERT OR DELETE OR UPDATE OF entity_id, status, audience_type ON advices
  FOR EACH ROW EXECUTE FUNCTION advice_counts_track();

INSERT INTO advice_counts (entity_id, status, audience_type, count)
SELECT entity_id, status, audience_type, count(*) FROM advices WHERE entity_id IS NOT NULL GROUP BY 1, 2, 3;
-- The other part of that total, the caller's personal advices: matched against the entity's
-- personal advices only, read from this index alone.
CREATE INDEX advices_personal_idx ON advices (entity_id, status, id) WHERE audience_type = 'user';
