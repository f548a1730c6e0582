-- A complex's stations nearest first (walking first, then minutes; the station id settles a tie): the map's
-- nearest station of every complex and the cards' station lists read them in this order. Through the primary
-- key (complex_id, station_id) each complex's rows were sorted apart, a third of the map call at scale 10.
CREATE INDEX complex_stations_nearest ON complex_stations (complex_id, distance_type, minutes, station_id);
