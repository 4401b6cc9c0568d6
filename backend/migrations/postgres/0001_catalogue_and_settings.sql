-- Monitored websites ("platforms"). `host` is the normalised host used to
-- deduplicate catalogue imports and registrations.
CREATE TABLE websites (
  id          bigserial PRIMARY KEY,
  name        text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
  url         text NOT NULL CHECK (char_length(url) BETWEEN 1 AND 2048),
  host        text NOT NULL UNIQUE,
  category    text CHECK (category IS NULL OR char_length(category) BETWEEN 1 AND 80),
  source      text NOT NULL DEFAULT 'catalogue',
  added_at    timestamptz NOT NULL DEFAULT now(),
  active      boolean NOT NULL DEFAULT true
);
CREATE INDEX websites_category_idx ON websites (category);

-- Small durable key/value settings (scan pause state, generated admin credential hash, ...).
CREATE TABLE app_settings (
  key         text PRIMARY KEY,
  value       jsonb NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
