-- The scanner's view of its own network (schemas/src/api/liveness.ts
-- scannerStateSchema): one row per running scanner process, refreshed every
-- few seconds. A row not refreshed for ~30 s belongs to a process that is gone
-- and is ignored by readers (backend/src/queries/scanner-state.ts).
CREATE TABLE scanner_instances (
  instance_id  text PRIMARY KEY,
  state        text NOT NULL CHECK (state IN ('online', 'offline')),
  since        timestamptz NOT NULL,
  reason       text,
  updated_at   timestamptz NOT NULL DEFAULT now()
);
