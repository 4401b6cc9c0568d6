-- trend_site_days_by_day (0008) holds every site-day and is the one written
-- and read since; the old ordering's copy goes.
DROP TABLE IF EXISTS trend_site_days;
