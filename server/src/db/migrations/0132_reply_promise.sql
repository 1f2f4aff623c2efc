-- The reply promise (docs/product.md, "The consultant's promise"): each company's reply target in
-- business hours (4 unless an administrator sets another), and on each discussion the instant its
-- consultant promised to answer by, with the target it was counted for. reply_by is set once, when
-- a customer's message arrives while nothing waits on the consultant, and cleared when the
-- consultant's side answers or the discussion closes: the clock runs only while the customer waits.
ALTER TABLE entities
  ADD COLUMN reply_target_hours numeric(5, 2) NOT NULL DEFAULT 4 CHECK (reply_target_hours > 0 AND reply_target_hours <= 200);
ALTER TABLE discussions ADD COLUMN reply_by timestamptz;
ALTER TABLE discussions ADD COLUMN reply_target_hours numeric(5, 2);
