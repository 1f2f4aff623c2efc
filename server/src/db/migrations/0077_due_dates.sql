-- Collectmaster requests with due dates (docs/product.md §14): the staff ask for a folder's files, or
-- for one expected file, by a date. The request stays open while what it asks for has not arrived
-- (a file: while it is missing; a folder: while it holds a missing file, or no file arrived in it
-- since the request). `requested_at` is when the date was set.
ALTER TABLE exchange_folders ADD COLUMN due_on date;
ALTER TABLE exchange_folders ADD COLUMN requested_at timestamptz;
ALTER TABLE exchange_files ADD COLUMN due_on date;
ALTER TABLE exchange_files ADD COLUMN requested_at timestamptz;
-- The reminder job and the "what is due" list read only the requests.
CREATE INDEX exchange_folders_due_idx ON exchange_folders (due_on) WHERE due_on IS NOT NULL;
CREATE INDEX exchange_files_due_idx ON exchange_files (due_on) WHERE due_on IS NOT NULL AND state = 1;

-- The reminders sent: each step of each request once, whatever the number of server processes (a
-- process claims a step by inserting its row; ON CONFLICT DO NOTHING leaves it to the first). The
-- date is part of the key: a request moved to another date, or a training to another start, is
-- reminded again for the new one.
CREATE TABLE reminders_sent (
  -- 'exchange_folder', 'exchange_file' or 'training'.
  subject_type text NOT NULL,
  subject_id bigint NOT NULL,
  -- 'due_soon', 'due_today', 'overdue' or 'starting'.
  step text NOT NULL,
  -- The due date (midnight UTC of that day) or the training's start.
  due_at timestamptz NOT NULL,
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (subject_type, subject_id, step, due_at)
);
