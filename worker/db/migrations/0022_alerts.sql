-- Saved searches and alerts by email (worker/alerts, docs/decisions/0018-alerts.md). A subscriber is an address
-- with its consent (152-ФЗ: the text's version and time) and, once the confirmation link is opened, confirmed_at:
-- nothing but the confirmation letter is sent before. The confirmation token is kept as its SHA-256 hash; the links
-- of «Мои подписки» and of the one-click unsubscribe are signed (HMAC) with token_version, so raising it revokes
-- every link sent so far. Deleting a subscriber deletes every row tied to the address.
CREATE TABLE subscribers (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  consent_version TEXT NOT NULL,
  consent_at TEXT NOT NULL,
  confirmed_at TEXT,
  -- The confirmation link's token: valid until confirm_expires_at, once (confirm_used_at).
  confirm_hash TEXT NOT NULL UNIQUE,
  confirm_expires_at TEXT NOT NULL,
  confirm_used_at TEXT,
  -- «Мои подписки» and the one-click unsubscribe: each letter carries both links, signed with this version.
  token_version INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL
);

-- What a subscriber follows: a saved search (target: its page's path and canonical query), an apartment's price
-- or a complex (target: «apartment:<id>», «complex:<id>», target_id the id). The same target twice is one row.
-- A subscription made from the site waits for the address's confirmation link (confirmed_at); events after
-- from_event_id are matched (set when it is confirmed).
CREATE TABLE subscriptions (
  id INTEGER PRIMARY KEY,
  subscriber_id INTEGER NOT NULL REFERENCES subscribers (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('search', 'apartment', 'complex')),
  target TEXT NOT NULL,
  target_id INTEGER,
  name TEXT NOT NULL,
  frequency TEXT NOT NULL DEFAULT 'instant' CHECK (frequency IN ('instant', 'daily', 'weekly')),
  -- The secret of the search's Atom feed (shown in «Мои подписки», so kept as it is).
  feed_token TEXT NOT NULL UNIQUE,
  confirmed_at TEXT,
  from_event_id INTEGER NOT NULL DEFAULT 0,
  -- The last event put into a letter, and when the last letter of this subscription was made.
  last_event_id INTEGER NOT NULL DEFAULT 0,
  last_letter_at TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (subscriber_id, target)
);
CREATE INDEX subscriptions_target ON subscriptions (kind, target_id);
CREATE INDEX subscriptions_search ON subscriptions (kind, target);

-- The letters' outbox: a letter is a row (its whole text) before it is handed to the queue; the consumer sends it
-- with its idempotency key, once (a lease while sending); the scheduled job hands over what the queue missed.
CREATE TABLE letters (
  id INTEGER PRIMARY KEY,
  subscriber_id INTEGER NOT NULL REFERENCES subscribers (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('confirm', 'alert', 'digest', 'manage')),
  idempotency_key TEXT NOT NULL UNIQUE,
  subject TEXT NOT NULL,
  text TEXT NOT NULL,
  html TEXT NOT NULL,
  headers TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'dead')),
  attempts INTEGER NOT NULL DEFAULT 0,
  lease_until TEXT,
  queued_at TEXT,
  sent_at TEXT,
  message_id TEXT,
  last_error TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX letters_unqueued ON letters (created_at) WHERE queued_at IS NULL AND status = 'pending';
CREATE INDEX letters_subscriber ON letters (subscriber_id);

-- Which change went to which subscription: at most once, ever (the primary key). letter_id is null until the
-- change is put into a letter (at once, or in the next digest).
CREATE TABLE deliveries (
  subscription_id INTEGER NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  event_id INTEGER NOT NULL,
  letter_id INTEGER REFERENCES letters (id) ON DELETE CASCADE,
  PRIMARY KEY (subscription_id, event_id)
) WITHOUT ROWID;
CREATE INDEX deliveries_unsent ON deliveries (subscription_id) WHERE letter_id IS NULL;
CREATE INDEX deliveries_letter ON deliveries (letter_id);

-- How far the matching has read change_events (one row).
CREATE TABLE alert_cursor (id INTEGER PRIMARY KEY CHECK (id = 1), last_event_id INTEGER NOT NULL);
INSERT INTO alert_cursor (id, last_event_id) SELECT 1, coalesce(max(id), 0) FROM change_events;
