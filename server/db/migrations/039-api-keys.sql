-- Keys for scripts and integrations (issue 34): each may do what its scopes name on the admin API,
-- until it expires or is revoked. Only the SHA-256 of the key is kept: a key is 32 random bytes,
-- so a fast hash is enough, and a copy of the database opens nothing. The prefix (the key's first
-- characters) is what lists and the audit log show.
CREATE TABLE api_keys (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  prefix text NOT NULL,
  hash bytea NOT NULL UNIQUE,
  scopes text[] NOT NULL CHECK (cardinality(scopes) > 0),
  -- The account that made it; none for ADMIN_TOKEN, or once the account is deleted.
  created_by integer REFERENCES admin_users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz,
  -- Moved on at most once a minute, so reads by a key write nothing most of the time.
  last_used_at timestamptz,
  revoked_at timestamptz
);
