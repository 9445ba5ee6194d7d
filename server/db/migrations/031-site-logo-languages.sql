-- The site's logo and the languages it is offered in (issue 31).
--
-- The logo is an image of the media library, kept while the settings show it (the library refuses
-- to delete it, as it does a post's cover). The site builds its pages in the offered languages
-- only, the default one always among them; every site so far offered all eleven.
ALTER TABLE site_settings
  ADD COLUMN logo_name text CONSTRAINT site_settings_logo_fkey REFERENCES media (name),
  ADD COLUMN logo_alt text NOT NULL DEFAULT '',
  ADD COLUMN languages text[] NOT NULL
    DEFAULT ARRAY['da', 'de', 'en', 'es', 'fr', 'hu', 'it', 'nl', 'pl', 'pt-br', 'pt']
    CONSTRAINT site_settings_languages_check CHECK (
      cardinality(languages) > 0
      AND languages <@ ARRAY['da', 'de', 'en', 'es', 'fr', 'hu', 'it', 'nl', 'pl', 'pt-br', 'pt']
      AND default_locale = ANY (languages)
    );
