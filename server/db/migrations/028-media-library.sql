-- The studio's media library (issue 31): an image's alt text in each language, offered where it
-- is placed in a body of that language. Removed with its image.
CREATE TABLE media_alt (
  name text NOT NULL REFERENCES media (name) ON DELETE CASCADE,
  locale content_locale NOT NULL,
  alt text NOT NULL CHECK (length(alt) BETWEEN 1 AND 300),
  PRIMARY KEY (name, locale)
);
