-- One composer of the alerts' letters at a time (worker/alerts/match.ts composeLetters): the cron's run and the
-- queue's chain of runs take this lease, so two never read the same subscriber's changes into two letters.
ALTER TABLE alert_cursor ADD COLUMN compose_until TEXT;
