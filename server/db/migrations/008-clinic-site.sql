-- Where a page's link goes: the header's navigation, the footer (legal pages), or nowhere (a page
-- reached only from other pages).
ALTER TABLE pages
  ADD COLUMN menu text NOT NULL DEFAULT 'header' CHECK (menu IN ('header', 'footer', 'none'));

-- A service's name and description in the visitor's language, by locale ({"pl": {"name": …,
-- "description": …}}); the columns stay the default language's.
ALTER TABLE services ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'
  CHECK (jsonb_typeof(translations) = 'object');

-- Where and when the business is open, for the site's contact details and the visitor's
-- messages; the hours by weekday (0 = Sunday), as staff hours are kept, in the provider's zone.
ALTER TABLE providers
  ADD COLUMN address text,
  ADD COLUMN opening_hours jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(opening_hours) = 'object');

-- The business the site books for: its header button, team, prices and hours.
ALTER TABLE site_settings ADD COLUMN booking_provider text
  CONSTRAINT site_settings_booking_provider_fkey
  REFERENCES providers (slug) ON UPDATE CASCADE ON DELETE SET NULL;

-- The site now shows the business, its services, prices and staff: a change to them rebuilds it
-- like a content change does (bookings and hours' exceptions do not show on the site).
DO $$
DECLARE
  setup_table text;
BEGIN
  FOREACH setup_table IN ARRAY ARRAY['providers', 'services', 'staff', 'staff_services'] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
         FOR EACH STATEMENT EXECUTE FUNCTION bump_content_revision()',
      setup_table || '_bumps_content_revision', setup_table);
  END LOOP;
END
$$;
