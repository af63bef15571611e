-- Decision 014: a dispatcher's claim changes only unindexed columns (claimed_until,
-- claim_token, attempts, updated_at). With room left in each page it is a HOT update, which
-- writes no index entries; at the default fillfactor (100) every claim wrote one into each of
-- the table's indexes. New pages keep 30 % free; existing ones fill up as rows are pruned.
ALTER TABLE "reminders" SET (fillfactor = 70);
