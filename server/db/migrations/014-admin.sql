-- The operator dashboard (issue 20): accounts, their sessions, the audit log, blocked periods and
-- no-shows.

-- One row per person who signs in. E-mails are unique whatever their case: Ana@x and ana@x are
-- one person. A staff account is one staff member and sees only their bookings and hours.
CREATE TABLE admin_users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'front_desk', 'staff')),
  staff_id integer REFERENCES staff (id) ON DELETE CASCADE,
  -- scrypt, with its parameters and salt (server/admin/passwords.ts).
  password_hash text NOT NULL,
  -- A one-time password (first start, or set by an owner) is replaced before anything else.
  must_change_password boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  disabled_at timestamptz,
  CONSTRAINT admin_users_staff_role CHECK ((role = 'staff') = (staff_id IS NOT NULL))
);
CREATE UNIQUE INDEX admin_users_email ON admin_users (lower(email));

-- A signed-in browser. Only the SHA-256 of the cookie's token is kept, so a copy of the database
-- signs no one in. The CSRF token is not a secret from the browser: it proves a request came from
-- a page that could read the session, which another site's form cannot.
CREATE TABLE admin_sessions (
  id bytea PRIMARY KEY,
  user_id integer NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  created_at timestamptz NOT NULL,
  -- Sliding: moved on by every request, never past created_at + the absolute limit.
  expires_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL
);
CREATE INDEX admin_sessions_user ON admin_sessions (user_id);
CREATE INDEX admin_sessions_expires ON admin_sessions (expires_at);

-- Who changed what, and when: every state-changing admin request writes one row (booking
-- commands in their own transaction).
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The database's clock, not the app's (which tests freeze): when it really happened.
  at timestamptz NOT NULL DEFAULT now(),
  -- An account's e-mail, "token" for ADMIN_TOKEN, or the e-mail tried by a failed sign-in.
  actor text NOT NULL,
  action text NOT NULL,
  target text,
  detail jsonb NOT NULL DEFAULT '{}'
);

-- Time no one (staff_id NULL) or one staff member can be booked: holidays, a training day.
CREATE TABLE blocked_periods (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider_id integer NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
  staff_id integer REFERENCES staff (id) ON DELETE CASCADE,
  during tstzrange NOT NULL CHECK (NOT isempty(during)),
  reason text NOT NULL DEFAULT ''
);
CREATE INDEX blocked_periods_during ON blocked_periods USING gist (provider_id, during);

-- Slots are computed from it, so a change is a new availability revision (see 007).
CREATE TRIGGER blocked_periods_bump_availability_revision
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blocked_periods
  FOR EACH STATEMENT EXECUTE FUNCTION bump_availability_revision();

-- A confirmed booking whose visitor did not come: still confirmed (the time was theirs), marked.
ALTER TABLE bookings ADD COLUMN no_show boolean NOT NULL DEFAULT false;
-- The dashboard pages bookings by (start_at, id).
CREATE INDEX bookings_start ON bookings (start_at, id);

-- Who caused each booking event, for the dashboard's history: an account's e-mail, "token",
-- "visitor" or "system". Older events have none; the history reads them by their payload.
ALTER TABLE booking_events ADD COLUMN actor text;
