-- A catalogue import spent a quarter of its time in the row trigger that sets `opted_out`
-- on every inserted website (0014): one PL/pgSQL call and one query per row, 1M of each
-- for a million sites, although approved opt-outs are few (issue 18: import ≤ 60 s).
-- Inserts now mark the covered sites once per statement, from the statement's new rows,
-- and only when some opt-out is approved. The flag is set in the same statement, before
-- any other statement can see the rows; the census triggers count the change as an update.
-- A changed host (rare, one row at a time) keeps the row trigger.

DROP TRIGGER websites_opted_out_trg ON websites;
CREATE TRIGGER websites_opted_out_trg BEFORE UPDATE OF host ON websites
  FOR EACH ROW EXECUTE FUNCTION websites_set_opted_out();

CREATE FUNCTION websites_mark_opted_out() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM site_opt_outs WHERE status = 'approved') THEN
    UPDATE websites w SET opted_out = true
      FROM new_rows n
     WHERE w.id = n.id AND NOT n.opted_out
       AND EXISTS (SELECT 1 FROM site_opt_outs o WHERE o.status = 'approved' AND opt_out_covers(o.domain, n.host));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER websites_opted_out_ins AFTER INSERT ON websites REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION websites_mark_opted_out();
