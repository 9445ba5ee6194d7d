-- Saving a published item never changes the live site (issue 31): its saved changes wait here,
-- as the studio shows the item (images by media name), until it is published again; the content
-- tables keep what the site shows. A draft's saves still go straight to the tables.
CREATE TABLE content_pending (
  item_id text PRIMARY KEY REFERENCES content_items (id) ON DELETE CASCADE,
  item jsonb NOT NULL
);
