-- A draft may be scheduled (issue 31): the job runner publishes it at `publish_at`, which the
-- studio shows as the item's scheduled time; publishing or unpublishing by hand clears it.
ALTER TABLE content_items ADD COLUMN publish_at timestamptz;
