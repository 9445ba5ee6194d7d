-- A library image's copies may be in AVIF too (issue 33), and one may be of the image's own width:
-- its AVIF and WebP at full size. Those are made on the first request that asks for them, not on
-- upload (server/content/media.ts, findMedia), as AVIF takes several times WebP's time to encode.
ALTER TABLE media_variants DROP CONSTRAINT media_variants_content_type_check;
ALTER TABLE media_variants ADD CONSTRAINT media_variants_content_type_check
  CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp', 'image/avif'));
