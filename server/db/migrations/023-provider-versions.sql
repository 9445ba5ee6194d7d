-- Providers count their saves too (021, 022): the Embedding screen saves the whole list of sites
-- allowed to frame the widget, so two admins adding a site each at once must not lose one; the
-- second save names the version it read and is refused (409) when another came first.
ALTER TABLE providers ADD COLUMN version integer NOT NULL DEFAULT 1;
