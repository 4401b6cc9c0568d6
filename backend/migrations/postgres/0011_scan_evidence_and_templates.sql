-- What the richer scan results add to each site's latest scan (streams/src/projector-state):
-- why MCP was recognised (evidence), which lists were cut short (a truncated list's
-- count is a lower bound, never "none"), and the site's resource templates.

ALTER TABLE latest_scans
  ADD COLUMN evidence                      text,
  ADD COLUMN tools_truncated               boolean NOT NULL DEFAULT false,
  ADD COLUMN resources_truncated           boolean NOT NULL DEFAULT false,
  ADD COLUMN prompts_truncated             boolean NOT NULL DEFAULT false,
  ADD COLUMN resource_templates_truncated  boolean NOT NULL DEFAULT false,
  ADD COLUMN resource_templates_count      integer NOT NULL DEFAULT 0;

-- Scans projected before the per-list flags only said "some list was cut", and an MCP
-- server behind an auth wall lists nothing we can read: every list of such a site is a
-- lower bound (shown "at least N", or "unknown" when empty) until its next scan.
UPDATE latest_scans
   SET tools_truncated = true, resources_truncated = true, prompts_truncated = true, resource_templates_truncated = true
 WHERE lists_truncated OR (has_mcp AND auth_required);

-- The current resource templates of each site, in listing order (bounded by the scanner's
-- per-list cap). Like site_tools: replaced as a whole when the site's templates change.
CREATE TABLE site_resource_templates (
  website_id    bigint NOT NULL,
  position      integer NOT NULL,
  name          text NOT NULL,
  uri_template  text NOT NULL,
  description   text,
  hash          text NOT NULL,
  PRIMARY KEY (website_id, position)
);

-- Fingerprint of each site's latest templates: a rescan that finds the same set rewrites nothing.
CREATE TABLE site_template_hashes (
  website_id   bigint PRIMARY KEY,
  latest_hash  text NOT NULL
);
