-- Background work (hold expiry now; mail, webhooks and payment follow-ups next) lives in the same
-- database as the bookings, so a command can queue a job in its own transaction and every API
-- process, on PGlite or PostgreSQL, takes its share with FOR UPDATE SKIP LOCKED.
CREATE TABLE jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  type text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}',
  -- pending: waits for run_at; running: claimed until locked_until; done and failed are final.
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'running', 'done', 'failed')),
  run_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 5 CHECK (max_attempts >= 1),
  last_error text,
  -- The lease: a worker that dies mid-job leaves it running, and once locked_until has passed
  -- another worker takes it. locked_by fences a late finish by the worker that lost its lease.
  locked_by text,
  locked_until timestamptz,
  -- Queueing the same key twice while the first is still pending or running adds nothing. Running
  -- counts too: a job going back to pending for a retry must never collide with its own copy.
  dedupe_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  CHECK ((state = 'running') = (locked_until IS NOT NULL))
);
CREATE UNIQUE INDEX jobs_dedupe_key ON jobs (dedupe_key) WHERE state IN ('pending', 'running');
-- The claim reads due pending jobs and expired leases; the finished history is never scanned.
CREATE INDEX jobs_due ON jobs (run_at, id) WHERE state = 'pending';
CREATE INDEX jobs_leases ON jobs (locked_until) WHERE state = 'running';

-- How the outbox is read: each consumer (mail, webhooks, the dashboard's feed) keeps a cursor and
-- reads booking_events after it, once each; typically it turns each event into jobs of its own in
-- the same transaction, so retries live in `jobs`. Chosen over delivery jobs queued by every
-- command because a new consumer then needs no change to the commands.
--
-- Identity values are taken at INSERT but become visible at COMMIT, so on PostgreSQL event 9 can
-- appear after event 10 was read; a cursor on the id alone would skip it for good. Each event
-- therefore records its transaction, and readers take only events of transactions older than
-- every one still running (pg_snapshot_xmin), in (tx_id, id) order: that set never grows.
ALTER TABLE booking_events ADD COLUMN tx_id xid8 NOT NULL DEFAULT pg_current_xact_id();
CREATE INDEX booking_events_tx_order ON booking_events (tx_id, id);

CREATE TABLE booking_event_cursors (
  consumer text PRIMARY KEY,
  last_tx_id xid8 NOT NULL DEFAULT '0',
  last_event_id bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
