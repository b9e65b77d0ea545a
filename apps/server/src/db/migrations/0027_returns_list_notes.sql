-- The returns list's notes column (returns.md §Returns search: the notes icon, '{n} Notes - Last Note: …'):
-- each return carries the count of its own notes (not its items') and its newest one, kept by the trigger
-- below and read only by the list (so not declared in the Drizzle schema, like the search_* fields of 0024).
-- Reading them from each return's notes cost a third of a 100-row page's query (an index scan, a count and a
-- sort per row); now a page reads one note by its key per row.
ALTER TABLE "inbound_returns" ADD COLUMN IF NOT EXISTS "search_note_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "inbound_returns" ADD COLUMN IF NOT EXISTS "search_last_note_id" integer;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inbound_return_note_summary(return_id integer) RETURNS void LANGUAGE sql AS $$
	UPDATE inbound_returns ir SET search_note_count = s.n, search_last_note_id = s.last_id
	FROM (SELECT count(*)::int AS n, (array_agg(n.id ORDER BY n.created_at DESC, n.id DESC))[1] AS last_id
		FROM inbound_return_notes n WHERE n.inbound_return_id = return_id AND n.inbound_return_item_id IS NULL) s
	WHERE ir.id = return_id
		AND (ir.search_note_count, ir.search_last_note_id) IS DISTINCT FROM (s.n, s.last_id);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inbound_return_notes_to_return() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM inbound_return_note_summary(OLD.inbound_return_id); END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM inbound_return_note_summary(NEW.inbound_return_id); END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER inbound_return_notes_to_return
AFTER INSERT OR DELETE OR UPDATE OF inbound_return_id, inbound_return_item_id, created_at
ON inbound_return_notes FOR EACH ROW EXECUTE FUNCTION inbound_return_notes_to_return();
--> statement-breakpoint
UPDATE inbound_returns ir SET search_note_count = s.n, search_last_note_id = s.last_id
FROM (SELECT n.inbound_return_id, count(*)::int AS n,
		(array_agg(n.id ORDER BY n.created_at DESC, n.id DESC))[1] AS last_id
	FROM inbound_return_notes n WHERE n.inbound_return_item_id IS NULL GROUP BY n.inbound_return_id) s
WHERE ir.id = s.inbound_return_id;
