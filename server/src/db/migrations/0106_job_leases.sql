-- A lease per scheduled job that must run on one process at a time however many run (the
-- retention job): a process runs the job only while it holds the row's lease, renews it as it
-- goes, and on finishing keeps it until the next run is due. A process that dies mid-run loses the
-- lease when `until` passes, and another takes it.
CREATE TABLE job_leases (
  name text PRIMARY KEY,
  holder text NOT NULL,
  until timestamptz NOT NULL
);
