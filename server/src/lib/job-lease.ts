import type { Queryable } from '../db/db';

/**
 * A job that must run on one process at a time however many run (job_leases, migration 0106):
 * takes the named lease when free; true when taken. A lease past its `until` is free, and so is
 * one this holder already has.
 */
export async function takeLease(db: Queryable, name: string, holder: string, seconds: number): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO job_leases (name, holder, until) VALUES ($1, $2, now() + make_interval(secs => $3))
     ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, until = EXCLUDED.until
       WHERE job_leases.until < now() OR job_leases.holder = EXCLUDED.holder
     RETURNING holder`,
    [name, holder, seconds],
  );
  return rows.length === 1;
}

/** Extends the lease by `seconds` from now while still held; false when lost (the run then stops). */
export async function extendLease(db: Queryable, name: string, holder: string, seconds: number): Promise<boolean> {
  const { rows } = await db.query(
    'UPDATE job_leases SET until = now() + make_interval(secs => $3) WHERE name = $1 AND holder = $2 RETURNING 1',
    [name, holder, seconds],
  );
  return rows.length === 1;
}
