-- Fixed-window counters for rate limiting POSTs per client IP (key = purpose + IP).
CREATE TABLE rate_limits (
  key TEXT NOT NULL,
  window INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (key, window)
) WITHOUT ROWID;
