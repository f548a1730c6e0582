-- Buyers' requests to the seller (worker/leads). The row is the outbox: queued_at is NULL until the request is
-- handed to the LEADS_QUEUE (the scheduled job hands over what the request itself could not). delivery:
-- pending (not yet tried), retrying (the webhook failed, the queue tries again), delivered, dead (every try
-- failed: in the dead-letter queue), no_webhook (the developer has no webhook: the operator calls them).
-- sending_until is the lease of the consumer that is posting it, so two copies of a message never post at once.
-- consent_version is the edition of the consent text the buyer agreed to (shared/company-info.ts).
CREATE TABLE leads (
  id INTEGER PRIMARY KEY,
  idempotency_key TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('callback', 'viewing', 'discounts')),
  complex_id INTEGER NOT NULL REFERENCES residential_complexes (id),
  living_object_id INTEGER REFERENCES living_objects (id),
  developer_id INTEGER NOT NULL REFERENCES companies (id),
  name TEXT NOT NULL,
  phone TEXT NOT NULL,
  call_time TEXT NOT NULL CHECK (call_time IN ('any', 'morning', 'day', 'evening')),
  consent_version TEXT NOT NULL,
  consent_at TEXT NOT NULL,
  ip TEXT NOT NULL,
  created_at TEXT NOT NULL,
  queued_at TEXT,
  delivery TEXT NOT NULL DEFAULT 'pending'
    CHECK (delivery IN ('pending', 'retrying', 'delivered', 'dead', 'no_webhook')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  sending_until TEXT,
  delivered_at TEXT,
  handled_at TEXT
);
CREATE INDEX leads_outbox ON leads (created_at) WHERE queued_at IS NULL;

-- Where a developer takes requests: an HTTPS endpoint and the key its requests are signed with (HMAC-SHA-256).
ALTER TABLE companies ADD COLUMN lead_webhook_url TEXT;
ALTER TABLE companies ADD COLUMN lead_webhook_secret TEXT;
