-- The booking lifecycle: held, requested, confirmed, declined, cancelled, expired. A reschedule
-- is an event, not a state, so 'scheduled' and 'rescheduled' both become 'confirmed'.
ALTER TABLE bookings DROP CONSTRAINT bookings_status_check;
UPDATE bookings SET status = 'confirmed' WHERE status IN ('scheduled', 'rescheduled');
ALTER TABLE bookings ADD CONSTRAINT bookings_status_check
  CHECK (status IN ('held', 'requested', 'confirmed', 'declined', 'cancelled', 'expired'));
ALTER TABLE bookings
  -- A held booking keeps its seats until then; the expiry sweep gives them back.
  ADD COLUMN hold_expires_at timestamptz,
  ADD COLUMN decline_reason text,
  -- Counts the commands applied; each one's booking_events row carries the new value.
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD CONSTRAINT bookings_hold_has_expiry CHECK ((status = 'held') = (hold_expires_at IS NOT NULL));
CREATE INDEX bookings_holds ON bookings (hold_expires_at) WHERE status = 'held';

-- What the visitor was quoted is what they are charged: prices are copied when the booking is made.
ALTER TABLE booking_lines
  ADD COLUMN price_cents integer,
  ADD COLUMN deposit_cents integer,
  ADD COLUMN currency char(3),
  -- Set when the line's seats were given back (cancelled, declined, expired); kept for the record.
  ADD COLUMN released_at timestamptz;
UPDATE booking_lines l
   SET price_cents = s.price_cents, deposit_cents = s.deposit_cents, currency = s.currency
  FROM services s WHERE s.id = l.service_id;
ALTER TABLE booking_lines
  ALTER COLUMN price_cents SET NOT NULL,
  ALTER COLUMN deposit_cents SET NOT NULL,
  ALTER COLUMN currency SET NOT NULL,
  ADD CONSTRAINT booking_lines_prices CHECK (price_cents >= 0 AND deposit_cents >= 0);

-- How a visitor reaches the business when a change is no longer possible online.
ALTER TABLE providers ADD COLUMN email text, ADD COLUMN phone text;

-- One-time links are secrets like manage tokens: only their hash is kept.
ALTER TABLE one_time_links ADD COLUMN slug_hash bytea;
UPDATE one_time_links SET slug_hash = sha256(convert_to(slug, 'UTF8'));
ALTER TABLE one_time_links
  ALTER COLUMN slug_hash SET NOT NULL,
  ADD CONSTRAINT one_time_links_slug_hash_key UNIQUE (slug_hash),
  DROP COLUMN slug;

-- The outbox: every command on a booking writes one row in its own transaction. Mail, webhooks,
-- payments follow-ups and the dashboard read from here, never from inside the request.
CREATE TABLE booking_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  booking_id integer NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  version integer NOT NULL,
  type text NOT NULL,
  -- Times, ids, statuses and reasons; never tokens or contact details.
  payload jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (booking_id, version)
);
