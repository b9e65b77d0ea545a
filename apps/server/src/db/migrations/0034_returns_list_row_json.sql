-- The returns list's row (returns.md §Returns search) kept written as JSON on the return: every field but the
-- last note, as returns-search.ts's ROW_JSON wrote it for each row of each page (its fields come from the return
-- alone: the search_* fields of 0024, 0027 and 0031, which triggers keep). Writing 100 rows took about half of
-- what PostgreSQL spent on a page of the list (some 15 µs a row: the JSON escaping, the status names, the
-- date and the trim of the customer's name); reading it is one more column of the row already read.
--   search_row_json  '{"id":…,"noteCount":n' (no closing brace: the page adds ',"lastNote":…}').
-- Worked out again by a trigger that runs after the triggers that set the search_* fields (BEFORE triggers run
-- in the order of their names), on every insert and update of a return. The status names are those of
-- RETURN_STATUSES and ORDER_STATUS_NAMES (packages/shared); returns-search.test.ts checks every return's row
-- against them.
ALTER TABLE "inbound_returns" ADD COLUMN IF NOT EXISTS "search_row_json" text;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inbound_returns_search_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.search_row_json := '{"id":' || NEW.id || ',"returnStatusId":' || NEW.return_status_id
		|| ',"returnStatus":{"id":' || NEW.return_status_id || ',"name":'
		|| coalesce('{"1":"Open","5":"Pending Return","10":"In Process","15":"Hold","20":"Closed","25":"Cancelled","30":"Channel Appeal"}'::jsonb -> (NEW.return_status_id)::text, to_jsonb('Status ' || NEW.return_status_id))::text
		|| '},"referenceId":' || coalesce(to_json(NEW.search_reference_id)::text, 'null')
		|| ',"inboundReturnAppealStatusId":' || coalesce((NEW.search_appeal_status_id)::text, 'null')
		|| ',"channelOrderId":' || coalesce((NEW.search_order_id)::text, 'null')
		|| ',"channelOrderNumber":' || coalesce(to_json(NEW.search_order_number)::text, 'null')
		|| ',"customerName":' || coalesce(to_json(nullif(regexp_replace(
			NEW.search_customer_first_name || ' ' || coalesce(NEW.search_customer_last_name, ''),
			E'^[\t\n\x0b\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+|[\t\n\x0b\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$', '', 'g'), ''))::text, 'null')
		|| ',"channelName":' || coalesce(to_json(NEW.search_channel_name)::text, 'null')
		|| ',"siteId":' || coalesce((NEW.search_site_id)::text, 'null')
		|| ',"systemOrderStatus":' || coalesce('{"id":' || NEW.search_order_status_id || ',"name":'
			|| coalesce('{"1":"New","2":"Pending","3":"Awaiting Payment","4":"Ready","5":"Completed","6":"Closed","10":"Awaiting Allocation","11":"Allocated","12":"Picking","13":"Packing","14":"Packed","19":"Partially Shipped","20":"Fulfilled","21":"Partially Shipped (Packing)","30":"Backordered","40":"On Hold","41":"On Hold: Payment Review","42":"On Hold: Address Review","43":"On Hold: Fraud Review","44":"On Hold: Awaiting Stock","45":"On Hold: Customer Contact","46":"On Hold: Pricing Review","47":"On Hold: Shipping Review","48":"On Hold: Manager Review","49":"On Hold: Other","50":"Canceled","51":"Cancellation Requested","52":"Canceled: Customer Request","53":"Canceled: Out of Stock","54":"Canceled: Payment Failed","55":"Canceled: Fraud","56":"Canceled: Undeliverable Address","57":"Canceled: Duplicate Order","58":"Canceled: By Sales Channel","59":"Canceled: Other","60":"Returned"}'::jsonb -> (NEW.search_order_status_id)::text,
				to_jsonb('Status ' || NEW.search_order_status_id))::text || '}', 'null')
		|| ',"orderedAt":"' || to_char(NEW.search_ordered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
		|| '","noteCount":' || NEW.search_note_count;
	RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS inbound_returns_search_row ON inbound_returns;
--> statement-breakpoint
CREATE TRIGGER inbound_returns_search_row BEFORE INSERT OR UPDATE ON inbound_returns
FOR EACH ROW EXECUTE FUNCTION inbound_returns_search_row();
--> statement-breakpoint
UPDATE inbound_returns SET search_row_json = NULL;
