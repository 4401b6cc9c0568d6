-- 0001's scan_facts was superseded by trend_scan_facts (0002) before anything
-- wrote to it; dropping it keeps one fact table per purpose.
DROP TABLE IF EXISTS scan_facts;
