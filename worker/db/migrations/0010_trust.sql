-- Whether a buyer can trust a project and its developer (issue 18): the project declaration and the building
-- permit as published in the unified housing-construction system (наш.дом.рф), the escrow bank and the banks
-- accredited for mortgages. NULL (or an empty list): not known, the feed did not give it.
ALTER TABLE residential_complexes ADD COLUMN declaration_number TEXT;
ALTER TABLE residential_complexes ADD COLUMN declaration_date TEXT; -- YYYY-MM-DD
ALTER TABLE residential_complexes ADD COLUMN building_permit TEXT;
ALTER TABLE residential_complexes ADD COLUMN escrow_bank TEXT;
ALTER TABLE residential_complexes ADD COLUMN mortgage_banks TEXT NOT NULL DEFAULT '[]'; -- JSON array of names
-- A house's first promised deadline, kept when the deadline moves; a finished house was delivered late when
-- its deadline (the quarter it was finished) is more than a quarter after this one. NULL: never moved.
ALTER TABLE houses ADD COLUMN planned_deadline_year INTEGER;
ALTER TABLE houses ADD COLUMN planned_deadline_quarter INTEGER;
