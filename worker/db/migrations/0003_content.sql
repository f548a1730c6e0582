-- Advertising: adverts (tgb, sidebar, gallery) and banners with their «Реклама» disclosure.
CREATE TABLE adverts (
  id INTEGER PRIMARY KEY,
  type TEXT NOT NULL CHECK (type IN ('tgb', 'sidebar', 'gallery')),
  position TEXT,
  complex_id INTEGER REFERENCES residential_complexes (id),
  title TEXT NOT NULL,
  text TEXT NOT NULL,
  url TEXT NOT NULL,
  is_real INTEGER NOT NULL DEFAULT 0,
  advertiser TEXT NOT NULL,
  advertiser_inn TEXT NOT NULL,
  erid TEXT NOT NULL,
  color TEXT NOT NULL,
  is_active INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX adverts_type ON adverts (is_active, type);

CREATE TABLE banners (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('banner', 'filter', 'menu', 'content', 'top')),
  complex_id INTEGER REFERENCES residential_complexes (id),
  url TEXT NOT NULL,
  title TEXT NOT NULL,
  text TEXT NOT NULL,
  position TEXT,
  disclaimer_title TEXT NOT NULL,
  disclaimer_text TEXT NOT NULL,
  developer TEXT NOT NULL,
  advertiser TEXT NOT NULL,
  erid TEXT NOT NULL,
  color TEXT NOT NULL,
  is_active INTEGER NOT NULL DEFAULT 1
);

-- The ~25 static special offers (SPEC §3): image, route, title, optional subtitle, text.
CREATE TABLE special_offers (
  id INTEGER PRIMARY KEY,
  complex_id INTEGER NOT NULL REFERENCES residential_complexes (id),
  title TEXT NOT NULL,
  sub_title TEXT,
  text TEXT NOT NULL,
  color TEXT NOT NULL,
  valid_until TEXT NOT NULL,
  sort INTEGER NOT NULL
);

-- Journal.
CREATE TABLE media_categories (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  sort INTEGER NOT NULL
);

CREATE TABLE media_posts (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  category_id INTEGER NOT NULL REFERENCES media_categories (id),
  title TEXT NOT NULL,
  lead TEXT NOT NULL,
  body TEXT NOT NULL,
  tags TEXT NOT NULL,
  published_at TEXT NOT NULL,
  reading_minutes INTEGER NOT NULL,
  views INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX media_posts_published ON media_posts (published_at DESC);
CREATE INDEX media_posts_category ON media_posts (category_id, published_at DESC);

-- Quizzes and their submissions (stored before the answer; the key makes retries idempotent).
CREATE TABLE quizzes (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  steps TEXT NOT NULL
);

CREATE TABLE quiz_submissions (
  id INTEGER PRIMARY KEY,
  quiz_id INTEGER NOT NULL REFERENCES quizzes (id),
  idempotency_key TEXT NOT NULL UNIQUE,
  answers TEXT NOT NULL,
  name TEXT NOT NULL,
  phone TEXT NOT NULL,
  ip TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX quiz_submissions_ip ON quiz_submissions (ip, created_at);

-- Named listing pages (/novostroyki/{path}/): their SEO and the filter they stand for.
CREATE TABLE seo_filters (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  h1 TEXT NOT NULL,
  description TEXT NOT NULL,
  filter TEXT NOT NULL
);

-- Entity search (SPEC §7 search/entities-by-word): Cyrillic-aware full text, «ё» folded to «е» on both sides.
CREATE VIRTUAL TABLE search_entities USING fts5 (
  name,
  kind UNINDEXED,
  entity_id UNINDEXED,
  extra UNINDEXED,
  tokenize = 'unicode61 remove_diacritics 2'
);
