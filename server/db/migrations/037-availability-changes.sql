-- What each availability revision changed (issue 33): one staff member, one service (with the
-- member, when a member starts or stops performing it), a provider's whole calendar, or, all three
-- empty, anything. A process that keeps months of slots and the data behind them under an older
-- revision drops only what the changes since then touch, not everything at every booking.
CREATE TABLE availability_changes (
  revision bigint PRIMARY KEY,
  staff_id integer,
  service_id integer,
  provider_id integer
);

-- Moves the revision on and records what changed. Only the last 10,000 changes are kept: a
-- process that knew an older revision than the oldest kept drops everything it kept.
CREATE FUNCTION record_availability_change(
  changed_staff integer,
  changed_service integer,
  changed_provider integer
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  next_revision bigint;
BEGIN
  UPDATE availability_revision SET revision = revision + 1 RETURNING revision INTO next_revision;
  INSERT INTO availability_changes VALUES
    (next_revision, changed_staff, changed_service, changed_provider);
  IF next_revision % 1000 = 0 THEN
    DELETE FROM availability_changes WHERE revision <= next_revision - 10000;
  END IF;
END
$$;

-- A change that names nothing narrower (a table emptied, a menu or group edited): anything.
CREATE OR REPLACE FUNCTION bump_availability_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM record_availability_change(NULL, NULL, NULL);
  RETURN NULL;
END
$$;

-- What a row of a table the slots are computed from names: {staff, service, provider}.
CREATE FUNCTION availability_names(table_name text, image jsonb) RETURNS integer[]
LANGUAGE sql STABLE AS $$
  SELECT CASE table_name
    WHEN 'staff' THEN ARRAY[(image->>'id')::int, NULL, NULL]
    WHEN 'staff_sessions' THEN ARRAY[(image->>'staff_id')::int, NULL, NULL]
    WHEN 'staff_date_overrides' THEN ARRAY[(image->>'staff_id')::int, NULL, NULL]
    WHEN 'staff_services' THEN ARRAY[(image->>'staff_id')::int, (image->>'service_id')::int, NULL]
    WHEN 'services' THEN ARRAY[NULL, (image->>'id')::int, NULL]
    WHEN 'providers' THEN ARRAY[NULL, NULL, (image->>'id')::int]
    -- A period of the whole business blocks every member.
    WHEN 'blocked_periods' THEN
      CASE WHEN image->>'staff_id' IS NULL
        THEN ARRAY[NULL, NULL, (image->>'provider_id')::int]
        ELSE ARRAY[(image->>'staff_id')::int, NULL, NULL] END
    -- A connection deleted with its busy times names no one any more: anything.
    WHEN 'calendar_busy' THEN ARRAY[(SELECT cc.staff_id FROM calendar_connections cc
                                      WHERE cc.id = (image->>'connection_id')::int), NULL, NULL]
    ELSE ARRAY[NULL, NULL, NULL]::integer[]
  END
$$;

-- A written row's change: what its old image names, and its new one's when that names more.
CREATE FUNCTION availability_change_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_names integer[];
  new_names integer[];
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_names := availability_names(TG_TABLE_NAME, to_jsonb(OLD));
    PERFORM record_availability_change(old_names[1], old_names[2], old_names[3]);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_names := availability_names(TG_TABLE_NAME, to_jsonb(NEW));
    IF new_names IS DISTINCT FROM old_names THEN
      PERFORM record_availability_change(new_names[1], new_names[2], new_names[3]);
    END IF;
  END IF;
  RETURN NULL;
END
$$;

-- Seats still change the revision at commit (see 007), now with the member they belong to.
DROP TRIGGER staff_sessions_bump_availability_revision ON staff_sessions;
CREATE CONSTRAINT TRIGGER staff_sessions_availability_change
  AFTER INSERT OR UPDATE OR DELETE ON staff_sessions
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION availability_change_of_row();

DO $$
DECLARE
  setup_table text;
BEGIN
  FOREACH setup_table IN ARRAY ARRAY[
    'providers', 'staff', 'staff_date_overrides', 'services', 'staff_services',
    'blocked_periods', 'calendar_busy'
  ] LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', setup_table || '_bump_availability_revision',
                   setup_table);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I
         FOR EACH ROW EXECUTE FUNCTION availability_change_of_row()',
      setup_table || '_availability_change', setup_table);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON %I
         FOR EACH STATEMENT EXECUTE FUNCTION bump_availability_revision()',
      setup_table || '_truncate_availability', setup_table);
  END LOOP;
END
$$;
