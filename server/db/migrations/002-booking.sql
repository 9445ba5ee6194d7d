-- Providers (a business or a team), their staff and services, and the bookings made with them.

CREATE TABLE providers (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]*$'),
  name text NOT NULL,
  time_zone text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE staff (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider_id integer NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
  name text NOT NULL,
  photo_url text,
  time_zone text NOT NULL,
  -- {"1": [{"start": "09:00", "end": "17:00"}], ...}, weekday 0 = Sunday, in the staff's zone.
  weekly_hours jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Other hours on one local date; an empty list is a day off.
CREATE TABLE staff_date_overrides (
  staff_id integer NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  date date NOT NULL,
  ranges jsonb NOT NULL DEFAULT '[]',
  PRIMARY KEY (staff_id, date)
);

CREATE TABLE services (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider_id integer NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]*$'),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  duration_minutes integer NOT NULL CHECK (duration_minutes BETWEEN 5 AND 1440),
  slot_interval_minutes integer NOT NULL CHECK (slot_interval_minutes BETWEEN 5 AND 1440),
  buffer_before_minutes integer NOT NULL DEFAULT 0 CHECK (buffer_before_minutes BETWEEN 0 AND 480),
  buffer_after_minutes integer NOT NULL DEFAULT 0 CHECK (buffer_after_minutes BETWEEN 0 AND 480),
  minimum_notice_minutes integer NOT NULL DEFAULT 0 CHECK (minimum_notice_minutes >= 0),
  horizon_days integer NOT NULL DEFAULT 60 CHECK (horizon_days BETWEEN 1 AND 730),
  seats_per_slot integer NOT NULL DEFAULT 1 CHECK (seats_per_slot BETWEEN 1 AND 1000),
  max_slots_per_booking integer NOT NULL DEFAULT 1 CHECK (max_slots_per_booking BETWEEN 1 AND 100),
  price_cents integer NOT NULL DEFAULT 0 CHECK (price_cents >= 0),
  deposit_cents integer NOT NULL DEFAULT 0 CHECK (deposit_cents >= 0 AND deposit_cents <= price_cents),
  currency char(3) NOT NULL DEFAULT 'EUR',
  requires_confirmation boolean NOT NULL DEFAULT false,
  -- Which contact fields the visitor must fill: firstName, lastName, email, phone, dateOfBirth, location.
  required_fields text[] NOT NULL DEFAULT ARRAY['firstName', 'lastName', 'email'],
  location text NOT NULL DEFAULT '',
  reschedule_cutoff_minutes integer NOT NULL DEFAULT 0 CHECK (reschedule_cutoff_minutes >= 0),
  cancellation_cutoff_minutes integer NOT NULL DEFAULT 0 CHECK (cancellation_cutoff_minutes >= 0),
  -- Weekly recurrence: a booking takes this many weekly occurrences (NULL: a single one).
  recurrence_count integer CHECK (recurrence_count BETWEEN 2 AND 52),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE staff_services (
  staff_id integer NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  service_id integer NOT NULL REFERENCES services (id) ON DELETE CASCADE,
  PRIMARY KEY (staff_id, service_id)
);

-- A link that can make exactly one booking of its service.
CREATE TABLE one_time_links (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  service_id integer NOT NULL REFERENCES services (id) ON DELETE CASCADE,
  expires_at timestamptz,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE bookings (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider_id integer NOT NULL REFERENCES providers (id),
  status text NOT NULL CHECK (status IN ('requested', 'scheduled', 'rescheduled', 'cancelled')),
  start_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL CHECK (end_at > start_at),
  time_zone text NOT NULL,
  contact jsonb NOT NULL,
  guests jsonb NOT NULL DEFAULT '[]',
  guest_count integer CHECK (guest_count BETWEEN 1 AND 100),
  cancellation_reason text,
  -- Only a hash of the visitor's secret manage token is kept.
  manage_token_hash bytea NOT NULL UNIQUE,
  one_time_link_id integer UNIQUE REFERENCES one_time_links (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE booking_reschedules (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  booking_id integer NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  from_start_at timestamptz NOT NULL,
  to_start_at timestamptz NOT NULL,
  rescheduled_at timestamptz NOT NULL DEFAULT now()
);

-- A staff member's occupied time: one row per (staff, service, start). A class's bookings share
-- one row and count its seats; the CHECK makes overfilling it impossible, and the exclusion
-- constraint makes it impossible for one staff member's occupied times (with buffers) to overlap,
-- whatever the application does and however many requests race.
CREATE TABLE staff_sessions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  staff_id integer NOT NULL REFERENCES staff (id),
  service_id integer NOT NULL REFERENCES services (id),
  start_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL,
  blocked tstzrange NOT NULL,
  capacity integer NOT NULL CHECK (capacity >= 1),
  seats_taken integer NOT NULL DEFAULT 0,
  CONSTRAINT staff_sessions_seats CHECK (seats_taken BETWEEN 0 AND capacity),
  CONSTRAINT staff_sessions_one_per_start UNIQUE (staff_id, service_id, start_at),
  CONSTRAINT staff_sessions_no_overlap
    EXCLUDE USING gist (staff_id WITH =, blocked WITH &&) WHERE (seats_taken > 0)
);

-- One line per guest (or anonymous guest group) and service, with its staff member; every
-- occurrence of a recurring booking has its own lines.
CREATE TABLE booking_lines (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  booking_id integer NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  guest_index integer NOT NULL CHECK (guest_index >= 0),
  service_id integer NOT NULL REFERENCES services (id),
  staff_id integer NOT NULL REFERENCES staff (id),
  -- The visitor chose this staff member (kept on reschedule), rather than "any available staff".
  staff_chosen boolean NOT NULL DEFAULT false,
  session_id integer NOT NULL REFERENCES staff_sessions (id),
  occurrence integer NOT NULL DEFAULT 0,
  seats integer NOT NULL CHECK (seats >= 1),
  start_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL
);
CREATE INDEX booking_lines_booking ON booking_lines (booking_id);
CREATE INDEX staff_sessions_staff_time ON staff_sessions USING gist (staff_id, blocked);

-- A replayed create request (same Idempotency-Key) returns the first result.
CREATE TABLE idempotency_keys (
  key text PRIMARY KEY,
  request_hash text NOT NULL,
  status_code integer NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
