-- The MCP endpoint a verified registration named for the site: the scanner
-- probes it alongside its own discovery (it may live on another host or at
-- a path no discovery document points to).
ALTER TABLE websites ADD COLUMN registered_endpoint text
  CHECK (registered_endpoint IS NULL OR char_length(registered_endpoint) BETWEEN 1 AND 2048);
