-- Staff hours are bookable only within their location's opening hours, unless marked as lying
-- outside them on purpose (remote consultations, agreed evening hours): then they are offered
-- as they are, and the dashboard does not warn about them.
ALTER TABLE staff ADD COLUMN outside_opening_hours boolean NOT NULL DEFAULT false;
