-- The editor (issue 31): writes and publishes the site's content and media, and sees nothing of
-- bookings, payments or accounts.
ALTER TABLE admin_users DROP CONSTRAINT admin_users_role_check;
ALTER TABLE admin_users
  ADD CONSTRAINT admin_users_role_check
  CHECK (role IN ('owner', 'admin', 'front_desk', 'staff', 'editor'));
