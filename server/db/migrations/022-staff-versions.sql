-- Each staff member counts its saves, as services do (021): the dashboard sends the version its
-- editor loaded with PATCH /api/admin/staff/:id and is told when another save came first, rather
-- than undoing it (the front desk and the practitioner may edit the same hours at once).
ALTER TABLE staff ADD COLUMN version integer NOT NULL DEFAULT 1;
