-- Site owners' opt-outs (POST /api/opt-out), reviewed by the admin. An
-- approved opt-out covers its domain and every subdomain: those websites are
-- no longer scanned, their scan details are hidden and they are left out of
-- every adoption figure (counted only as opted out).
CREATE TABLE site_opt_outs (
  id             bigserial PRIMARY KEY,
  -- A normalised host name without port (catalogue rules: lower case, punycode, no `www.`).
  domain         text NOT NULL CHECK (char_length(domain) BETWEEN 3 AND 253 AND domain ~ '^[a-z0-9.-]+$'),
  contact_email  text NOT NULL CHECK (char_length(contact_email) BETWEEN 3 AND 254),
  note           text CHECK (note IS NULL OR char_length(note) <= 1000),
  status         text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  created_at     timestamptz NOT NULL DEFAULT now(),
  reviewed_at    timestamptz,
  CHECK ((status = 'pending') = (reviewed_at IS NULL))
);
-- One pending request per domain: a repeated request is the same one.
CREATE UNIQUE INDEX site_opt_outs_pending_domain_idx ON site_opt_outs (domain) WHERE status = 'pending';
CREATE INDEX site_opt_outs_approved_idx ON site_opt_outs (domain) WHERE status = 'approved';
CREATE INDEX site_opt_outs_created_idx ON site_opt_outs (created_at);

-- Whether `domain` covers a website host (`host` may carry a port).
CREATE FUNCTION opt_out_covers(domain text, host text) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT split_part(host, ':', 1) = domain OR right(split_part(host, ':', 1), char_length(domain) + 1) = '.' || domain $$;

-- Kept by approvals and by the trigger below, so every query filters with
-- `NOT w.opted_out` instead of matching domains.
ALTER TABLE websites ADD COLUMN opted_out boolean NOT NULL DEFAULT false;

-- A website added (catalogue import, registration) under an approved domain is opted out from the start.
CREATE FUNCTION websites_set_opted_out() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.opted_out := NEW.opted_out OR EXISTS (SELECT 1 FROM site_opt_outs o WHERE o.status = 'approved' AND opt_out_covers(o.domain, NEW.host));
  RETURN NEW;
END
$$;
CREATE TRIGGER websites_opted_out_trg BEFORE INSERT OR UPDATE OF host ON websites
  FOR EACH ROW EXECUTE FUNCTION websites_set_opted_out();

-- Tool categories count only sites that are monitored and not opted out.
CREATE OR REPLACE VIEW tool_categories AS
  SELECT COALESCE(t.category, 'Uncategorized') AS category,
         count(*)::integer AS tools_count,
         count(DISTINCT t.website_id)::integer AS websites_count
    FROM site_tools t
    JOIN websites w ON w.id = t.website_id AND w.active AND NOT w.opted_out
   GROUP BY 1;
