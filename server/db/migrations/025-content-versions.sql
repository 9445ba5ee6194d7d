-- Content saves count (issue 31): an edit sends the version it started from and is refused when
-- another save came first, as services, staff and providers are. `updated_by` names who saved last
-- (an account's e-mail, or "token"); null for what the demo seed or an older version wrote.
ALTER TABLE content_items ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version > 0);
ALTER TABLE content_items ADD COLUMN updated_by text;
