-- btree_gist lets exclusion constraints mix equality (staff id) with range overlap (time),
-- which is how the database itself forbids double bookings.
CREATE EXTENSION IF NOT EXISTS btree_gist;
