-- When an item that was on the site was taken off it (issue 31's "unpublished" status): a draft
-- the site showed before, told apart from one it never showed. Cleared when published again.
ALTER TABLE content_items ADD COLUMN unpublished_at timestamptz;

-- Posts keep their first publication's date, so a post that is a draft with one was unpublished.
UPDATE content_items i
   SET unpublished_at = i.updated_at
  FROM posts p
 WHERE p.id = i.id AND i.status = 'draft' AND p.published_at IS NOT NULL;
