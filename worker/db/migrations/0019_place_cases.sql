-- How a sentence names each place where Russian declines it (shared/geo/cases.ts, written by hand once per place):
-- name_in, the locative with its preposition («в Покровском-Стрешневе», «на Ленинградском шоссе»), and name_of,
-- the genitive («Покровского-Стрешнева»). The seed writes them from shared/geo; a row without them is named in
-- apposition by the pages («в районе …»), never declined by rule. Stations have none: a page names them after
-- «метро» or «станции», in the nominative. Regions already carry name_in.
ALTER TABLE regions ADD COLUMN name_of TEXT;
ALTER TABLE city_areas ADD COLUMN name_in TEXT;
ALTER TABLE city_areas ADD COLUMN name_of TEXT;
ALTER TABLE districts ADD COLUMN name_in TEXT;
ALTER TABLE districts ADD COLUMN name_of TEXT;
ALTER TABLE mo_districts ADD COLUMN name_in TEXT;
ALTER TABLE mo_districts ADD COLUMN name_of TEXT;
ALTER TABLE localities ADD COLUMN name_in TEXT;
ALTER TABLE localities ADD COLUMN name_of TEXT;
ALTER TABLE highways ADD COLUMN name_in TEXT;
ALTER TABLE highways ADD COLUMN name_of TEXT;
ALTER TABLE railways ADD COLUMN name_in TEXT;
ALTER TABLE railways ADD COLUMN name_of TEXT;
