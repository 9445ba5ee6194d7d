-- A translation's own search and sharing settings (issue 31): the address search engines are to
-- treat as the text's original ('' for the item's own), and the image a link shared on social
-- media shows (none for the item's usual one), from the media library like a cover.
ALTER TABLE content_translations
  ADD COLUMN canonical_path text NOT NULL DEFAULT '',
  ADD COLUMN social_image_name text
    CONSTRAINT content_translations_social_image_fkey REFERENCES media (name),
  ADD COLUMN social_image_alt text NOT NULL DEFAULT '';
