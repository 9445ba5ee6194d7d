-- The one e-mail not about a booking (issue 32): a calendar connection that keeps failing is told
-- to its staff member.

-- When the current failing streak began (its first failed sync), and when its e-mail was queued:
-- one e-mail per streak. A successful sync clears both, so the next streak is told again.
ALTER TABLE calendar_connections
  ADD COLUMN failing_since timestamptz,
  ADD COLUMN failure_mailed_at timestamptz;

-- A message is about a booking (booking_id and booking_version, as before) or about a staff
-- member's calendar connection (staff_id, and the connection while it exists: an e-mail sent
-- stays in the outbox after the connection is removed). Staff accounts are a new audience; a
-- staff member without an account is told through the business's address ('business').
ALTER TABLE mail_messages
  ALTER COLUMN booking_id DROP NOT NULL,
  ALTER COLUMN booking_version DROP NOT NULL,
  ADD COLUMN staff_id integer REFERENCES staff (id) ON DELETE CASCADE,
  ADD COLUMN calendar_connection_id integer
    REFERENCES calendar_connections (id) ON DELETE SET NULL,
  DROP CONSTRAINT mail_messages_audience_check,
  ADD CONSTRAINT mail_messages_audience_check
    CHECK (audience IN ('visitor', 'guest', 'business', 'staff')),
  ADD CONSTRAINT mail_messages_about CHECK (
    (booking_id IS NOT NULL AND booking_version IS NOT NULL AND staff_id IS NULL
      AND calendar_connection_id IS NULL AND audience <> 'staff')
    OR (booking_id IS NULL AND booking_version IS NULL AND staff_id IS NOT NULL
      AND kind = 'calendar-failing' AND audience IN ('staff', 'business'))
  );
