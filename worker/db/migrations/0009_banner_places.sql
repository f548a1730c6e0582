-- The site's own banners (SPEC §3 Other banners): route limits a banner to a page and the pages under it
-- (NULL: wherever its kind has a place); description is filterBanner's line under its text.
ALTER TABLE banners ADD COLUMN route TEXT;
ALTER TABLE banners ADD COLUMN description TEXT NOT NULL DEFAULT '';
