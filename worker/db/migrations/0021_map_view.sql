-- The map asks for the complexes in a view's box (worker/db/queries/map-view.ts): a range of latitudes read from
-- this index, the longitudes tested in it, instead of every complex of the filter (at scale 10 a view of a few
-- streets read 24 000 rows to keep a few dozen).
CREATE INDEX rc_map ON residential_complexes(lat, lng);
