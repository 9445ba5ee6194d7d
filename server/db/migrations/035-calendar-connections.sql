-- A staff member's own calendars (issue 32): a CalDAV account or a published iCalendar feed whose
-- busy times remove their slots, and where their bookings are written.
CREATE TABLE calendar_connections (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  staff_id integer NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('caldav', 'ics')),
  url text NOT NULL,
  username text,
  -- The CalDAV password sealed under the link key (server/booking/store/link-key.ts); never read
  -- back by the API.
  password_sealed bytea,
  -- [{url, name, color, checked, receivesBookings, ctag}], in the order discovery found them.
  calendars jsonb NOT NULL DEFAULT '[]',
  last_attempt_at timestamptz,
  -- When the busy intervals were last expanded: again when a calendar changed, or the window
  -- moved on far enough to matter (server/calendars/sync.ts).
  busy_refreshed_at timestamptz,
  last_synced_at timestamptz,
  last_error text,
  last_error_code text,
  failures integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX calendar_connections_staff ON calendar_connections (staff_id);

-- What each checked calendar held at the last read (one row per event resource, or one per feed),
-- so an unchanged calendar (same ctag or ETag) is expanded again without being read again.
CREATE TABLE calendar_objects (
  connection_id integer NOT NULL REFERENCES calendar_connections (id) ON DELETE CASCADE,
  calendar_url text NOT NULL,
  href text NOT NULL,
  etag text,
  data text NOT NULL,
  PRIMARY KEY (connection_id, calendar_url, href)
);

-- The busy intervals the checked calendars give over the bookable window: the slot engine reads
-- them as it reads blocked periods.
CREATE TABLE calendar_busy (
  connection_id integer NOT NULL REFERENCES calendar_connections (id) ON DELETE CASCADE,
  during tstzrange NOT NULL
);
CREATE INDEX calendar_busy_connection ON calendar_busy (connection_id);

-- Slots are computed from it, so a change is a new availability revision (see 007).
CREATE TRIGGER calendar_busy_bump_availability_revision
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON calendar_busy
  FOR EACH STATEMENT EXECUTE FUNCTION bump_availability_revision();

-- The event a booking's line put in a staff member's receiving calendar: its UID is fixed before
-- the first write, so a retried write updates the same event instead of making a second.
CREATE TABLE calendar_booking_events (
  booking_id integer NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  staff_id integer NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  uid text NOT NULL UNIQUE,
  connection_id integer REFERENCES calendar_connections (id) ON DELETE SET NULL,
  calendar_url text,
  href text,
  etag text,
  PRIMARY KEY (booking_id, staff_id)
);

-- A staff member's private feed: its token is derived from the link key and this generation, so
-- a new generation (rotation) ends every address given out before.
CREATE TABLE calendar_feeds (
  staff_id integer PRIMARY KEY REFERENCES staff (id) ON DELETE CASCADE,
  generation integer NOT NULL DEFAULT 0
);
