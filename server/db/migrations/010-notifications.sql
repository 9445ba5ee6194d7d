-- Notifications: e-mails to visitors, guests and the business, and signed webhooks, all sent by
-- the job runner from the booking_events outbox, never inside a request.

-- The language the visitor booked in: every message about the booking is written in it. The
-- list is LOCALES of src/lib/locale/locales.ts; the API validates against that first.
ALTER TABLE bookings
  ADD COLUMN locale text NOT NULL DEFAULT 'en'
    CHECK (locale IN ('da', 'de', 'en', 'es', 'fr', 'hu', 'it', 'nl', 'pl', 'pt-br', 'pt')),
  -- The manage token sealed (AES-256-GCM) under the server's link key, so the e-mails sent after
  -- the request (a reminder a month later) can carry the visitor's links. Only the hash is used
  -- to find a booking; without the key (LINK_SECRET, or server_secrets) this opens nothing.
  ADD COLUMN manage_token_sealed bytea;

-- How long before the appointment the reminder goes out; 0 sends none.
ALTER TABLE services
  ADD COLUMN reminder_minutes_before integer NOT NULL DEFAULT 1440
    CHECK (reminder_minutes_before BETWEEN 0 AND 43200);

-- Where the business's own messages go; the public contact address when unset.
ALTER TABLE providers ADD COLUMN notification_email text;

-- Keys the server makes for itself when the environment gives none (the embedded default).
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One row per message and recipient: the ledger that makes each message go out at most once
-- (the unique key: booking, kind, booking version, recipient; two API processes reading the same
-- event both insert, one wins), and, without SMTP_URL, the local outbox itself.
CREATE TABLE mail_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  booking_id integer NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  kind text NOT NULL,
  booking_version integer NOT NULL,
  -- visitor: the contact; guest: a guest's own copy; business: the provider's message.
  audience text NOT NULL CHECK (audience IN ('visitor', 'guest', 'business')),
  recipient text NOT NULL,
  -- What the event said that the booking no longer shows (the old time, a reason).
  details jsonb NOT NULL DEFAULT '{}',
  -- pending: queued; sending: handed to the transport; sent; skipped (a reminder for a booking
  -- since cancelled or moved); failed (gave up, or a send was interrupted and is not repeated).
  state text NOT NULL DEFAULT 'pending'
    CHECK (state IN ('pending', 'sending', 'sent', 'skipped', 'failed')),
  send_at timestamptz NOT NULL,
  last_error text,
  -- Filled for the local outbox (transport 'outbox'): what would have been sent.
  transport text,
  subject text,
  body_text text,
  body_html text,
  raw text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  CONSTRAINT mail_messages_once UNIQUE (booking_id, kind, booking_version, recipient)
);
CREATE INDEX mail_messages_outbox ON mail_messages (id DESC) WHERE transport = 'outbox';

-- A business's webhook endpoints: the URL, the secret deliveries are signed with (Standard
-- Webhooks, `whsec_…`) and the event types it wants.
CREATE TABLE webhook_endpoints (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider_id integer NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
  url text NOT NULL,
  secret text NOT NULL,
  event_types text[] NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One delivery per endpoint and event: its log (state, attempts, last response) and the payload
-- signed on every attempt under the same webhook-id, so a receiver can drop a repeat.
CREATE TABLE webhook_deliveries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  endpoint_id integer NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event_id bigint NOT NULL,
  message_id text NOT NULL UNIQUE,
  event_type text NOT NULL,
  payload jsonb NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_status_code integer,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_attempt_at timestamptz,
  delivered_at timestamptz,
  CONSTRAINT webhook_deliveries_once UNIQUE (endpoint_id, event_id)
);
CREATE INDEX webhook_deliveries_log ON webhook_deliveries (endpoint_id, id DESC);
