-- Payments: a booking whose services ask for money up front is held until a verified payment
-- confirms it. Amounts are in the currency's minor units (cents, or yen for JPY).

-- A deposit is either a fixed amount per seat (deposit_cents) or a share of the price
-- (deposit_percent, rounded to the minor unit by src/lib/booking/pricing.ts); never both.
-- What a visitor's cancellation gives back: nothing, everything but the deposit, or everything
-- when cancelled at least refund_cutoff_minutes before the start (nothing after it).
ALTER TABLE services
  ADD COLUMN deposit_percent integer CHECK (deposit_percent BETWEEN 1 AND 100),
  ADD COLUMN refund_policy text NOT NULL DEFAULT 'full_before_cutoff'
    CHECK (refund_policy IN ('none', 'keep_deposit', 'full_before_cutoff')),
  ADD COLUMN refund_cutoff_minutes integer NOT NULL DEFAULT 1440
    CHECK (refund_cutoff_minutes BETWEEN 0 AND 525600),
  ADD CONSTRAINT services_one_deposit_rule CHECK (deposit_percent IS NULL OR deposit_cents = 0);

-- The terms a visitor accepts: a page of the site (its path, in the visitor's language) and the
-- version the acceptance is recorded against; a new version is a new text to accept.
ALTER TABLE providers
  ADD COLUMN terms_page text NOT NULL DEFAULT 'terms',
  ADD COLUMN terms_version text NOT NULL DEFAULT '1';

-- One payment per booking. status: pending (waiting for the visitor to pay), paid, failed (the
-- last attempt was declined; another may follow while the hold lasts), expired (the hold ran
-- out unpaid), cancelled (the booking was cancelled unpaid), refunded or partially_refunded.
CREATE TABLE payments (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  booking_id integer NOT NULL UNIQUE REFERENCES bookings (id) ON DELETE CASCADE,
  provider text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN
    ('pending', 'paid', 'failed', 'expired', 'cancelled', 'refunded', 'partially_refunded')),
  currency char(3) NOT NULL,
  total_amount integer NOT NULL CHECK (total_amount >= 0),
  due_now_amount integer NOT NULL CHECK (due_now_amount > 0 AND due_now_amount <= total_amount),
  paid_amount integer NOT NULL DEFAULT 0 CHECK (paid_amount >= 0),
  refunded_amount integer NOT NULL DEFAULT 0
    CHECK (refunded_amount >= 0 AND refunded_amount <= paid_amount),
  -- The provider's checkout session (the latest; a retry replaces it) and the payment it made.
  provider_session_id text UNIQUE,
  provider_payment_id text,
  checkout_url text,
  terms_version text NOT NULL,
  terms_accepted_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_status ON payments (status, created_at);

-- Every status a payment went through, with the amount that moved and why.
CREATE TABLE payment_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payment_id integer NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
  status text NOT NULL,
  amount integer,
  note text,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_history_payment ON payment_history (payment_id, id);

-- Provider events already applied: the key is written in the same transaction as the change it
-- makes, so a redelivered event changes nothing.
CREATE TABLE payment_provider_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  payment_id integer REFERENCES payments (id) ON DELETE CASCADE,
  type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);

-- Refunds made at the provider, recorded once each (a repeated refund job finds its row).
CREATE TABLE payment_refunds (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payment_id integer NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
  provider_refund_id text NOT NULL UNIQUE,
  -- The key the refund was asked for with: a repeated job or click finds it done.
  idempotency_key text NOT NULL UNIQUE,
  amount integer NOT NULL CHECK (amount > 0),
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The embedded test provider's own books, as a real provider keeps them on its side: checkout
-- sessions, the events it sends (signed) to our webhook endpoint, and its signing secret.
CREATE TABLE local_checkout_sessions (
  id text PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  booking_id integer NOT NULL,
  amount integer NOT NULL CHECK (amount > 0),
  currency char(3) NOT NULL,
  description text NOT NULL,
  return_url text NOT NULL,
  cancel_url text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'expired')),
  payment_status text NOT NULL DEFAULT 'unpaid' CHECK (payment_status IN ('unpaid', 'paid')),
  payment_id text UNIQUE,
  -- The test card that asks for 3-D Secure was given; the authentication step decides.
  authenticating boolean NOT NULL DEFAULT false,
  refunded_amount integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE local_refunds (
  id text PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  session_id text NOT NULL REFERENCES local_checkout_sessions (id),
  amount integer NOT NULL CHECK (amount > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE local_payment_events (
  id text PRIMARY KEY,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE local_payment_secrets (
  name text PRIMARY KEY,
  secret text NOT NULL
);
