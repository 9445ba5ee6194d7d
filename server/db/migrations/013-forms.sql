-- Forms and surveys (issue 18). A form's definition is versioned: an edit adds a version, and a
-- response records the version it answered, so old answers stay readable after fields change.
CREATE TABLE forms (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]*$'),
  kind text NOT NULL CHECK (kind IN ('form', 'survey')),
  published boolean NOT NULL DEFAULT false,
  current_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE form_versions (
  form_id integer NOT NULL REFERENCES forms (id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version >= 1),
  definition jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (form_id, version)
);

CREATE TABLE form_responses (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  form_id integer NOT NULL,
  version integer NOT NULL,
  answers jsonb NOT NULL,
  locale text NOT NULL,
  -- Intake answers belong to the booking they were given with.
  booking_id integer REFERENCES bookings (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (form_id, version) REFERENCES form_versions (form_id, version) ON DELETE CASCADE
);
-- Listing and exporting a form's responses pages by id.
CREATE INDEX form_responses_by_form ON form_responses (form_id, id);
CREATE INDEX form_responses_by_booking ON form_responses (booking_id) WHERE booking_id IS NOT NULL;

-- The outbox of form events (form.submitted), read like booking_events: in commit order, once
-- per consumer, never from inside the request.
CREATE TABLE form_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  form_id integer NOT NULL REFERENCES forms (id) ON DELETE CASCADE,
  response_id bigint NOT NULL REFERENCES form_responses (id) ON DELETE CASCADE,
  type text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}',
  tx_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX form_events_tx_order ON form_events (tx_id, id);

-- A service may ask its intake questions on the booking's details step.
ALTER TABLE services ADD COLUMN intake_form_id integer REFERENCES forms (id) ON DELETE SET NULL;

-- form.submitted reaches webhooks as booking events do: a delivery per endpoint, queued with the
-- response. Such a delivery names its form event instead of a booking event.
ALTER TABLE webhook_deliveries
  ALTER COLUMN event_id DROP NOT NULL,
  ADD COLUMN form_event_id bigint REFERENCES form_events (id) ON DELETE CASCADE,
  ADD CONSTRAINT webhook_deliveries_form_once UNIQUE (endpoint_id, form_event_id),
  ADD CONSTRAINT webhook_deliveries_one_event CHECK ((event_id IS NULL) <> (form_event_id IS NULL));
