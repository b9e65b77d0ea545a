-- The returns search's text looked up in two halves, so that the start of an order number many returns share
-- costs what a rare one does (returns-search.ts, the trigram path). A text holds a term either at its first
-- character or after it, so the returns whose search_text holds it are exactly:
--   those whose text starts with it: search_head (the first 64 characters of search_text, which starts with
--     the order number) read from a btree range (text_pattern_ops: a LIKE prefix), index-only, with the list's
--     filters and sort fields in the index;
--   those whose text holds it past its first character: a trigram index on substr(search_text, 2).
-- The trigram index on the whole text found every return of a shared order-number prefix (20,000 of them for
-- 'rpos-1' in the bench: 116 ms) and checked each in the table; the second index does not hold those starts.
-- It replaces the index on the whole text, which nothing else reads.
ALTER TABLE "inbound_returns" ADD COLUMN IF NOT EXISTS "search_head" text
GENERATED ALWAYS AS (left("search_text", 64)) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inbound_returns_search_head" ON "inbound_returns" USING btree
("account_id", "search_head" text_pattern_ops) INCLUDE ("search_ordered_at", "id", "return_status_id", "search_appeal_status_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inbound_returns_search_tail" ON "inbound_returns" USING gin (substr("search_text", 2) gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS "inbound_returns_search_text";
