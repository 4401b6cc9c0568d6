-- Server-side admin sessions. The browser holds a random 32-byte token in an
-- httpOnly cookie; only its sha256 is stored, so a leaked table cannot be
-- replayed as cookies. Rows are deleted on logout and pruned once expired.
CREATE TABLE admin_sessions (
  token_sha256  bytea PRIMARY KEY CHECK (octet_length(token_sha256) = 32),
  username      text NOT NULL CHECK (char_length(username) BETWEEN 1 AND 200),
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  CHECK (expires_at > created_at)
);
CREATE INDEX admin_sessions_expires_idx ON admin_sessions (expires_at);
