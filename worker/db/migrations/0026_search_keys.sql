-- Matching at scale (docs/decisions/0021-matching-at-scale.md): each saved search's selective keys, so a batch
-- of changes is matched only against the searches that can take one of its apartments. The keys are read off
-- the filter model's own SQL (worker/alerts/search-keys.ts): a field whose condition is a plain list or range of
-- one column of the complex (rc), the apartment (lo) or a station of the complex (cs) is a key; every other
-- field (a deadline, a commute, a house's risk) is only tested by the search's own SQL afterwards.
--
-- A key row: one value (lo = hi) of a list field, or the bounds of a range field. A search's rows of one column
-- are alternatives; the search can take an apartment only when each of its columns holds for it. The driver
-- rows (one list column per search) are the ones a changed apartment is looked up by.
CREATE TABLE search_keys (
  target TEXT NOT NULL,
  col TEXT NOT NULL,
  lo NUMERIC NOT NULL,
  hi NUMERIC NOT NULL,
  driver INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX search_keys_driver ON search_keys (col, lo, target) WHERE driver = 1;
CREATE INDEX search_keys_target ON search_keys (target, col, lo, hi);

-- How many columns each search's keys name (0: none, the search is a candidate for every batch). A search with
-- no row here (saved before this migration) is a candidate for every batch until the matching writes its keys.
CREATE TABLE search_key_sets (
  target TEXT PRIMARY KEY,
  cols INTEGER NOT NULL
);
CREATE INDEX search_key_sets_any ON search_key_sets (cols) WHERE cols = 0;
