-- A product's own words on how to get it, per language, which its page shows in place of the
-- site's usual sentence about reserving and collecting at the clinic ('' for that sentence).
-- Only products' translations have one: the API takes it for products alone.
ALTER TABLE content_translations ADD COLUMN pick_up_text text NOT NULL DEFAULT '';
