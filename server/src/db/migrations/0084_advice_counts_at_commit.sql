-- The advice counter (advice_counts, migration 0003) changed at the transaction's end instead of at
-- each row's change. Every advice written for a company changes one row of it (the company's, for
-- that status and audience), and an UPDATE's row lock is held until the transaction ends: taken at
-- the row's change, it was held through all the rest of the write (a publish's notifications to
-- every person of the company, the audit line, the NOTIFYs), so the company's advice writes queued
-- behind one another for that long (docs/decisions/0011-advice-counter-at-commit.md).
-- A deferred constraint trigger runs the same function, with each change's OLD and NEW, just
-- before the commit: the lock is held for the commit alone. Nothing reads advice_counts in the
-- transaction that writes the advice (GET /api/advices reads it; test/db/advice-counts.test.ts
-- compares it with a count of the rows after every kind of write).
-- At the commit, the advice's company may be gone (an advice written, then its company deleted, in
-- one transaction: the cascade has already removed the company's counts): nothing to count then.
CREATE OR REPLACE FUNCTION advice_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.entity_id IS NOT NULL THEN
    UPDATE advice_counts SET count = count - 1
     WHERE entity_id = OLD.entity_id AND status = OLD.status AND audience_type = OLD.audience_type;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.entity_id IS NOT NULL THEN
    INSERT INTO advice_counts AS c (entity_id, status, audience_type, count)
    SELECT NEW.entity_id, NEW.status, NEW.audience_type, 1
     WHERE EXISTS (SELECT 1 FROM entities WHERE id = NEW.entity_id)
    ON CONFLICT (entity_id, status, audience_type) DO UPDATE SET count = c.count + 1;
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER advice_counts_track ON advices;
CREATE CONSTRAINT TRIGGER advice_counts_track
  AFTER INSERT OR DELETE OR UPDATE OF entity_id, status, audience_type ON advices
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION advice_counts_track();
