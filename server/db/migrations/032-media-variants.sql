-- A library image's narrower copies (issue 31), made once on upload in the widths the site's
-- srcset names (src/lib/content/media-sizes.ts): each in WebP and in the image's own format.
-- Replaced with their image, removed with it.
CREATE TABLE media_variants (
  name text NOT NULL REFERENCES media (name) ON DELETE CASCADE,
  width integer NOT NULL CHECK (width > 0),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
  bytes bytea NOT NULL,
  PRIMARY KEY (name, width, content_type)
);
