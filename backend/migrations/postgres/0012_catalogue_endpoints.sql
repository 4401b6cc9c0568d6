-- A public MCP endpoint the platform's vendor documents, from the catalogue
-- (`mcp_endpoint`), and the documentation page that states it (`source`).
-- Kept apart from `registered_endpoint`, which a verified registration named:
-- the scheduler prefers the registered one and falls back to this.
ALTER TABLE websites
  ADD COLUMN catalogue_endpoint text
    CHECK (catalogue_endpoint IS NULL OR char_length(catalogue_endpoint) BETWEEN 1 AND 2048),
  ADD COLUMN catalogue_endpoint_source text
    CHECK (catalogue_endpoint_source IS NULL OR char_length(catalogue_endpoint_source) BETWEEN 1 AND 2048),
  ADD CONSTRAINT websites_catalogue_endpoint_source_needs_endpoint
    CHECK (catalogue_endpoint_source IS NULL OR catalogue_endpoint IS NOT NULL);
