-- The whole catalogue's apartments (/kvartiry/ and its filter): each filter field and each sort in an index.
-- At scale 10 (2,4 M apartments, 1,1 M on sale) a count by area, finishing or floor read every apartment on sale
-- from the table through lo_sale_rooms (status) and tested it there, 0,6–1,7 s; the list sorted by area sorted
-- every apartment on sale apart, 1–3,9 s. Now each of the three indexes carries, after its own columns, every
-- column a filter tests (a count reads one index alone, whatever it chose), and the area sort walks its own.
-- Not the complex: with complex_id in them they covered the queries of one complex's apartments too, and the
-- planner took them (status = 1 over the whole catalogue) over lo_complex for refreshAggregates' masks.
DROP INDEX lo_sale_price;
DROP INDEX lo_sale_rooms;
CREATE INDEX lo_sale_price ON living_objects (status, price, rooms, area_total, otdelka, floor);
CREATE INDEX lo_sale_rooms ON living_objects (status, rooms, price, area_total, otdelka, floor);
CREATE INDEX lo_sale_area ON living_objects (status, area_total, rooms, price, otdelka, floor);
