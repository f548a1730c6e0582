-- The map's first view with a commute's destination (issue 32, worker/db/queries/map-view.ts listCellCommutesSql)
-- reads the destination's kept minutes off complex_commutes_order, then each complex's place by its id: through
-- this index the place is read from a few pages of ids, coordinates and the published flag, not from each
-- complex's wide row (docs/decisions/0023-commute-kept-per-complex.md, addendum).
CREATE INDEX rc_map_place ON residential_complexes(id, is_published, lat, lng);
