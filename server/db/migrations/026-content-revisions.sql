-- Every save of a content item is a revision (issue 31): the item as it stood after the save, in
-- the studio's shape with images by media name, who saved it and when. History lists them, a
-- diff compares them and a restore saves one's fields again (as a new revision).
CREATE TABLE content_revisions (
  item_id text NOT NULL REFERENCES content_items (id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version > 0),
  saved_at timestamptz NOT NULL,
  saved_by text,
  item jsonb NOT NULL,
  PRIMARY KEY (item_id, version)
);
