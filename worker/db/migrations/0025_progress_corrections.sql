-- A month's construction report corrected by the operator (/operator/stroyka/): when and by whom it was
-- corrected. A feed that sends that month again does not overwrite it (worker/db/queries/construction.ts
-- upsertProgress); a photo the feed adds is still kept.
ALTER TABLE house_progress ADD COLUMN corrected_at TEXT;
