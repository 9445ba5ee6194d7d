-- Teams: who "any available staff" books. A staff member's priority (higher first) and each
-- service's rule for choosing among the members free at a time. A "collective" service needs
-- several members together (collective_members of them, or every member when NULL); only a
-- one-to-one service can be, as each member gives the whole appointment their time.
ALTER TABLE staff ADD COLUMN priority integer NOT NULL DEFAULT 0 CHECK (priority BETWEEN 0 AND 100);

ALTER TABLE services
  ADD COLUMN assignment text NOT NULL DEFAULT 'round_robin'
    CHECK (assignment IN ('round_robin', 'equal_distribution', 'availability_first', 'collective')),
  ADD COLUMN collective_members integer CHECK (collective_members BETWEEN 2 AND 50),
  ADD CONSTRAINT services_collective_one_to_one
    CHECK (assignment <> 'collective' OR seats_per_slot = 1);

-- Round robin asks when each member was last booked for a service: without this index it would
-- read every line of the service inside the booking's transaction.
CREATE INDEX booking_lines_staff_service_recent ON booking_lines (service_id, staff_id, booking_id)
  WHERE released_at IS NULL AND occurrence = 0;

-- A slug is never all digits, so one path segment names a menu or group by id or by slug alike.
CREATE DOMAIN public_slug AS text
  CHECK (VALUE ~ '^[a-z0-9][a-z0-9-]*$' AND VALUE !~ '^[0-9]+$');

-- A service menu: a curated page of a provider's services under headings, in the business's
-- order. Visitors see it only once it is published.
CREATE TABLE service_menus (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider_id integer NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
  slug public_slug NOT NULL UNIQUE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  -- {"de": {"name": …, "description": …}}, as services keep theirs.
  translations jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(translations) = 'object'),
  published boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE service_menu_headings (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  menu_id integer NOT NULL REFERENCES service_menus (id) ON DELETE CASCADE,
  position integer NOT NULL,
  name text NOT NULL,
  translations jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(translations) = 'object'),
  UNIQUE (menu_id, position)
);

CREATE TABLE service_menu_items (
  heading_id integer NOT NULL REFERENCES service_menu_headings (id) ON DELETE CASCADE,
  service_id integer NOT NULL REFERENCES services (id) ON DELETE CASCADE,
  position integer NOT NULL,
  PRIMARY KEY (heading_id, service_id),
  UNIQUE (heading_id, position)
);

-- A group: a named set of calendars (services), in the business's order.
CREATE TABLE service_groups (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider_id integer NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
  slug public_slug NOT NULL UNIQUE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  translations jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(translations) = 'object'),
  published boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE service_group_members (
  group_id integer NOT NULL REFERENCES service_groups (id) ON DELETE CASCADE,
  service_id integer NOT NULL REFERENCES services (id) ON DELETE CASCADE,
  position integer NOT NULL,
  PRIMARY KEY (group_id, service_id),
  UNIQUE (group_id, position)
);
