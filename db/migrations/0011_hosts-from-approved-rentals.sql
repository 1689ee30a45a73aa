-- A person becomes a host when a rental listing of theirs is first approved, and stays one (a listing withdrawn,
-- rejected after an edit or deleted later takes nothing away). The rule lives in the write, so every path that
-- approves a rental (the admin's Approve, an edit that turns an approved sale into a rental, the seed) keeps it.
-- host_since is the first approval; an existing host_since is never moved.
CREATE TRIGGER `host_from_approved_rental_update` AFTER UPDATE OF status, listing_type ON `cars`
WHEN new.status = 'approved' AND new.listing_type IN ('rental', 'both')
BEGIN
  UPDATE `profiles`
  SET is_host = 1, host_since = coalesce(host_since, new.approved_at, new.updated_at)
  WHERE id = new.owner_id AND (is_host = 0 OR host_since IS NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `host_from_approved_rental_insert` AFTER INSERT ON `cars`
WHEN new.status = 'approved' AND new.listing_type IN ('rental', 'both')
BEGIN
  UPDATE `profiles`
  SET is_host = 1, host_since = coalesce(host_since, new.approved_at, new.created_at)
  WHERE id = new.owner_id AND (is_host = 0 OR host_since IS NULL);
END;
--> statement-breakpoint
-- Everyone whose rental was approved before the rule existed (deleted listings count: they were approved once).
UPDATE `profiles`
SET is_host = 1,
  host_since = coalesce(host_since, (
    SELECT min(coalesce(c.approved_at, c.created_at)) FROM `cars` AS c
    WHERE c.owner_id = profiles.id AND c.status = 'approved' AND c.listing_type IN ('rental', 'both')
  ))
WHERE EXISTS (
  SELECT 1 FROM `cars` AS c
  WHERE c.owner_id = profiles.id AND c.status = 'approved' AND c.listing_type IN ('rental', 'both')
);
