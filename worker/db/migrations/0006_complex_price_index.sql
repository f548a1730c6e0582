-- The apartments of one complex sorted by price (the complex page and /kvartiry/novostroyka/{slug}/): without
-- this index the planner walked lo_sale_price (status, price) over the whole catalogue and filtered by
-- complex, 2,4 s at scale 10. With (complex_id, status, price) the first page is a range read.
CREATE INDEX lo_complex_price ON living_objects (complex_id, status, price);
