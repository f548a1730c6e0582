-- SEO of pages by URL (SPEC §7 "pages"): title, description and an optional text block.
CREATE TABLE pages (
  url TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  h1 TEXT,
  text TEXT NOT NULL DEFAULT ''
);
