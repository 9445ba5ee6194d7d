-- The availability's version: the slot lists are cached per process under it, and every process
-- reads it per request, so a booking made through one process is seen at once by all of them.
-- Triggers bump it on every write to a table the slots are computed from, so no write path can
-- forget to. A seat change bumps it at commit (a deferred trigger): the row is then locked only
-- for the commit itself, not for the whole booking transaction.
CREATE TABLE availability_revision (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  revision bigint NOT NULL DEFAULT 0
);
INSERT INTO availability_revision DEFAULT VALUES;

CREATE FUNCTION bump_availability_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE availability_revision SET revision = revision + 1;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER staff_sessions_bump_availability_revision
  AFTER INSERT OR UPDATE OR DELETE ON staff_sessions
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION bump_availability_revision();

DO $$
DECLARE
  setup_table text;
BEGIN
  FOREACH setup_table IN ARRAY ARRAY[
    'providers', 'staff', 'staff_date_overrides', 'services', 'staff_services'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
         FOR EACH STATEMENT EXECUTE FUNCTION bump_availability_revision()',
      setup_table || '_bump_availability_revision', setup_table);
  END LOOP;
END
$$;
