-- The census-wide changes feed (GET /api/changes, /feeds/changes.atom, `/live`
-- `changes`): what a site's newest reached scan changed. Written by the state
-- projector in the same transaction as the state it derives from
-- (streams/src/projector-state/changes/). Kept as history: a replay of the log
-- finds the same (event_id, change_key) and adds nothing; retention prunes
-- rows older than 730 days. Site name, URL and category are joined at read time.
CREATE TABLE site_changes (
  -- insertion order: the feed's keyset
  id             bigserial PRIMARY KEY,
  website_id     bigint NOT NULL,
  -- the scan.completed event whose scan made the change
  event_id       uuid NOT NULL,
  -- that scan's time
  occurred_at    timestamptz NOT NULL,
  kind           text NOT NULL CHECK (kind IN ('adopted', 'dropped', 'capability-added', 'capability-removed', 'capability-changed', 'finding-new')),
  -- capability-*: which item, and its definition hash before / after (null when absent on that side)
  item_kind      text CHECK (item_kind IN ('tool', 'resource', 'prompt')),
  item_name      text CHECK (char_length(item_name) <= 300),
  hash_before    text CHECK (char_length(hash_before) <= 128),
  hash_after     text CHECK (char_length(hash_after) <= 128),
  -- finding-new: the SAFE-MCP technique, its severity and what it was found on
  technique_id   text CHECK (technique_id ~ '^SAFE-T[0-9]{4}$'),
  severity       text CHECK (severity IN ('critical', 'high', 'medium', 'low')),
  subject_kind   text CHECK (subject_kind IN ('server', 'tool', 'resource', 'prompt')),
  subject_name   text CHECK (char_length(subject_name) <= 300),
  -- md5 of what identifies the change within its event (full, unclipped names): a redelivered event adds nothing
  change_key     text NOT NULL,
  CONSTRAINT site_changes_event_key UNIQUE (event_id, kind, change_key),
  CONSTRAINT site_changes_item CHECK ((kind LIKE 'capability-%') = (item_kind IS NOT NULL AND item_name IS NOT NULL)),
  CONSTRAINT site_changes_finding CHECK ((kind = 'finding-new') = (technique_id IS NOT NULL AND severity IS NOT NULL))
);
-- the feed filtered by kind, newest first
CREATE INDEX site_changes_kind_id_idx ON site_changes (kind, id DESC);
-- a site's changes (site page, deletes)
CREATE INDEX site_changes_site_idx ON site_changes (website_id, id DESC);
-- retention prunes by age
CREATE INDEX site_changes_time_idx ON site_changes (occurred_at);
