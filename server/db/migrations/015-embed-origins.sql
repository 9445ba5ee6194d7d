-- The sites a provider lets frame its widget routes, on top of EMBED_ORIGINS (issue 19): a
-- business lists its own site without a server restart. Origins as the admin API checked them
-- (https://host[:port], http only on loopback), or '*' alone. A change bumps the availability
-- revision (providers' trigger, 007), which the server's cache of these lists follows.
ALTER TABLE providers ADD COLUMN embed_origins text[] NOT NULL DEFAULT '{}';
