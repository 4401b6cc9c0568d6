-- Structured evidence of a finding (schemas/src/safe-mcp.ts findingDetailSchema):
-- the tool (or null for the server), the field and matched text, and the rule
-- that decided the severity. NULL for findings computed before it existed.
ALTER TABLE site_findings ADD COLUMN detail jsonb;

-- The detectors' rules changed (SAFE-T1005 is rated by tool capability, more
-- invisible characters count): forget which inputs the stored findings were
-- computed from, so each site's next scan recomputes them.
UPDATE site_content_hashes SET findings_input = NULL;
