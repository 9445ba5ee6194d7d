-- Rate-limit counters shared by every API process on this database (server/rate-limit.ts): kept in
-- each process, N processes behind a proxy would allow N times the limit. One row per client and
-- limited route, counting the requests of the window that ends at resets_at.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  resets_at timestamptz NOT NULL
);

-- For the job that deletes windows long over (maintenance.prune).
CREATE INDEX rate_limits_resets_at ON rate_limits (resets_at);
