-- Every change of a fact a buyer can follow, one row each: an apartment put on sale (new_value: its price),
-- its price changed (old_value → new_value), reserved, sold; a house added to a complex (sales start), its
-- deadline moved (old_value → new_value as year * 4 + quarter - 1); a complex published. Histories, alerts and
-- «что изменилось» read these rows and nothing else (docs/decisions/0017-change-events.md).
--
-- Triggers write them, so every writer records a change (the feed import, an operator's edit, a script) and a
-- write that changes nothing records nothing. The seed writes its catalogue with capture paused (a row in
-- change_capture) and its history as rows of its own.
CREATE TABLE change_events (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('on_sale', 'price', 'reserved', 'sold', 'sales_start', 'deadline', 'published')),
  complex_id INTEGER NOT NULL,
  house_id INTEGER,
  living_object_id INTEGER,
  old_value INTEGER,
  new_value INTEGER,
  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX change_events_apartment ON change_events (living_object_id, id) WHERE living_object_id IS NOT NULL;
CREATE INDEX change_events_complex ON change_events (complex_id, id);

-- A row here pauses the triggers (the seed's bulk load); empty otherwise.
CREATE TABLE change_capture (paused INTEGER NOT NULL);

CREATE TRIGGER change_events_apartment_insert AFTER INSERT ON living_objects
  WHEN NEW.status = 1 AND NOT EXISTS (SELECT 1 FROM change_capture)
BEGIN
  INSERT INTO change_events (kind, complex_id, house_id, living_object_id, new_value)
    VALUES ('on_sale', NEW.complex_id, NEW.house_id, NEW.id, NEW.price);
END;
-- An apartment that stays on sale at another price.
CREATE TRIGGER change_events_apartment_price AFTER UPDATE OF price ON living_objects
  WHEN OLD.status = 1 AND NEW.status = 1 AND OLD.price IS NOT NEW.price AND NOT EXISTS (SELECT 1 FROM change_capture)
BEGIN
  INSERT INTO change_events (kind, complex_id, house_id, living_object_id, old_value, new_value)
    VALUES ('price', NEW.complex_id, NEW.house_id, NEW.id, OLD.price, NEW.price);
END;
-- On sale again (at its price then), reserved or sold.
CREATE TRIGGER change_events_apartment_status AFTER UPDATE OF status ON living_objects
  WHEN OLD.status IS NOT NEW.status AND NEW.status IN (1, 2, 3) AND NOT EXISTS (SELECT 1 FROM change_capture)
BEGIN
  INSERT INTO change_events (kind, complex_id, house_id, living_object_id, old_value, new_value)
    VALUES (CASE NEW.status WHEN 1 THEN 'on_sale' WHEN 2 THEN 'reserved' ELSE 'sold' END, NEW.complex_id,
      NEW.house_id, NEW.id, OLD.price, NEW.price);
END;
CREATE TRIGGER change_events_house_insert AFTER INSERT ON houses
  WHEN NEW.is_finished = 0 AND NOT EXISTS (SELECT 1 FROM change_capture)
BEGIN
  INSERT INTO change_events (kind, complex_id, house_id, new_value)
    VALUES ('sales_start', NEW.complex_id, NEW.id, NEW.deadline_year * 4 + NEW.deadline_quarter - 1);
END;
CREATE TRIGGER change_events_house_deadline AFTER UPDATE OF deadline_year, deadline_quarter ON houses
  WHEN OLD.deadline_year * 4 + OLD.deadline_quarter IS NOT NEW.deadline_year * 4 + NEW.deadline_quarter
    AND NOT EXISTS (SELECT 1 FROM change_capture)
BEGIN
  INSERT INTO change_events (kind, complex_id, house_id, old_value, new_value)
    VALUES ('deadline', NEW.complex_id, NEW.id, OLD.deadline_year * 4 + OLD.deadline_quarter - 1,
      NEW.deadline_year * 4 + NEW.deadline_quarter - 1);
END;
CREATE TRIGGER change_events_complex_insert AFTER INSERT ON residential_complexes
  WHEN NEW.is_published = 1 AND NOT EXISTS (SELECT 1 FROM change_capture)
BEGIN
  INSERT INTO change_events (kind, complex_id) VALUES ('published', NEW.id);
END;
CREATE TRIGGER change_events_complex_publish AFTER UPDATE OF is_published ON residential_complexes
  WHEN OLD.is_published = 0 AND NEW.is_published = 1 AND NOT EXISTS (SELECT 1 FROM change_capture)
BEGIN
  INSERT INTO change_events (kind, complex_id) VALUES ('published', NEW.id);
END;

-- The price history so far becomes events: a first price is the apartment going on sale, each later one a price
-- change from the one before.
INSERT INTO change_events (kind, complex_id, house_id, living_object_id, old_value, new_value, at)
  SELECT CASE WHEN p.prev IS NULL THEN 'on_sale' ELSE 'price' END, lo.complex_id, lo.house_id, lo.id, p.prev,
    p.price, p.recorded_at
  FROM (SELECT living_object_id, price, recorded_at, id,
          lag(price) OVER (PARTITION BY living_object_id ORDER BY id) AS prev
        FROM living_object_prices) p
  JOIN living_objects lo ON lo.id = p.living_object_id
  ORDER BY p.id;
DROP TABLE living_object_prices;
