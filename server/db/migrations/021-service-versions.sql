-- Each service counts its saves, so an editor that started from an older one is told, not
-- overwritten (optimistic concurrency, PATCH /api/admin/services/:id): the dashboard sends the
-- version it loaded and the update refuses it when another save came first.
ALTER TABLE services ADD COLUMN version integer NOT NULL DEFAULT 1;
