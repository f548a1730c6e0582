-- A version per list that is ordered in the worker rather than by SQLite, changed by triggers whenever a row that
-- decides the list's members or their order changes (docs/decisions/0022-big-lists-flat.md). The companies' list
-- is ordered with the ru-RU collator, which SQLite does not have: the worker keeps the order it made and reads
-- only this one row per request to know whether it still holds, where it read and sorted every name (scale 10:
-- 2 040 companies, 21 ms a request). Whoever writes (the seed, a feed's import, an operator, a test's UPDATE)
-- changes it: nothing needs to remember to. The version counts up, so the seed's dump is the same on every
-- build; a database put back to an earlier state (D1's time travel) is met by an isolate at a lower version
-- than it holds, and so is read again, unless written to as many times before that isolate's next visit.
CREATE TABLE list_versions (
  name TEXT PRIMARY KEY,
  version INTEGER NOT NULL
) WITHOUT ROWID;

INSERT INTO list_versions (name, version) VALUES ('companies', 1);

-- A company listed (loaders/companies.ts): its type and name; a developer only with a published complex, so a
-- complex that comes, goes, is published, withdrawn or changes developer changes the list too. An UPDATE that
-- writes the same values (a feed imported again) changes nothing.
CREATE TRIGGER list_versions_company_insert AFTER INSERT ON companies
BEGIN
  UPDATE list_versions SET version = version + 1 WHERE name = 'companies';
END;
CREATE TRIGGER list_versions_company_update AFTER UPDATE OF name, type ON companies
  WHEN OLD.name IS NOT NEW.name OR OLD.type IS NOT NEW.type
BEGIN
  UPDATE list_versions SET version = version + 1 WHERE name = 'companies';
END;
CREATE TRIGGER list_versions_company_delete AFTER DELETE ON companies
BEGIN
  UPDATE list_versions SET version = version + 1 WHERE name = 'companies';
END;
CREATE TRIGGER list_versions_complex_insert AFTER INSERT ON residential_complexes WHEN NEW.is_published = 1
BEGIN
  UPDATE list_versions SET version = version + 1 WHERE name = 'companies';
END;
CREATE TRIGGER list_versions_complex_update AFTER UPDATE OF is_published, developer_id ON residential_complexes
  WHEN OLD.is_published IS NOT NEW.is_published
    OR (NEW.is_published = 1 AND OLD.developer_id IS NOT NEW.developer_id)
BEGIN
  UPDATE list_versions SET version = version + 1 WHERE name = 'companies';
END;
CREATE TRIGGER list_versions_complex_delete AFTER DELETE ON residential_complexes WHEN OLD.is_published = 1
BEGIN
  UPDATE list_versions SET version = version + 1 WHERE name = 'companies';
END;
