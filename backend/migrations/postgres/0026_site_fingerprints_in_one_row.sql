-- A site's fingerprints in one row (issue 18). A projected chunk upserted each winning site's
-- content fingerprint (site_content_hashes), then its templates' fingerprint (site_template_hashes),
-- then marked the findings input of the sites to recompute, and read their findings back by the
-- same staleness test: four keyed statements over every site of the chunk, a tenth of its time at
-- a million sites. With the templates' fingerprint beside the others, one statement sets all three
-- and says which of them moved.
ALTER TABLE site_content_hashes ADD COLUMN templates_hash text;

UPDATE site_content_hashes h SET templates_hash = t.latest_hash FROM site_template_hashes t WHERE t.website_id = h.website_id;
INSERT INTO site_content_hashes (website_id, templates_hash)
SELECT t.website_id, t.latest_hash FROM site_template_hashes t
 WHERE NOT EXISTS (SELECT 1 FROM site_content_hashes h WHERE h.website_id = t.website_id);

DROP TABLE site_template_hashes;
