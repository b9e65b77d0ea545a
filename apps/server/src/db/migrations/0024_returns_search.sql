-- The returns search (returns.md §Returns search, §7 POST …/returns/search; issue 15 §1): newest order first,
-- filtered by return status and appeal status, searched by order number, RMA, customer name or e-mail and
-- tracking number (anywhere in them), 100 rows a page, p95 under 50 ms over 200,000 returns.
--
-- Each return carries, kept by the triggers below and read only by that search (so not declared in the Drizzle
-- schema, like channel_orders.customer_search):
--   search_ordered_at        its order's ordered_at (the list's sort), else when the return was requested;
--   search_text              lower-cased order number, RMAs, customer "first last e-mail" and its labels'
--                            tracking numbers, cut at 1,000 characters (an index entry has a size limit);
--   search_appeal_status_id  its appeal's status, null without an appeal.
-- The list is then read from one index in the order it is shown (account, [status,] ordered, id) which carries
-- the text, so a common term fills a page by walking the newest entries alone, and a rare one is found through
-- the text's trigram index.
ALTER TABLE "inbound_returns" ADD COLUMN IF NOT EXISTS "search_ordered_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "inbound_returns" ADD COLUMN IF NOT EXISTS "search_text" text;
--> statement-breakpoint
ALTER TABLE "inbound_returns" ADD COLUMN IF NOT EXISTS "search_appeal_status_id" integer;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inbound_returns_search_fields() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	order_ordered_at timestamptz;
	order_number text;
	order_customer_id integer;
	channel_rma text;
BEGIN
	SELECT o.ordered_at, o.channel_order_number, o.customer_id, r.reference_id
	INTO order_ordered_at, order_number, order_customer_id, channel_rma
	FROM channel_order_returns r JOIN channel_orders o ON o.id = r.channel_order_id
	WHERE r.id = NEW.channel_order_return_id;
	NEW.search_ordered_at := coalesce(order_ordered_at, NEW.requested_at);
	NEW.search_text := left(lower(concat_ws(' ',
		order_number,
		NEW.reference_id,
		channel_rma,
		(SELECT customer_search_text(c.first_name, c.last_name, c.email) FROM customers c
			WHERE c.id = coalesce(NEW.customer_id, order_customer_id)),
		(SELECT string_agg(s.tracking_number, ' ' ORDER BY s.id) FROM inbound_return_shipments s
			WHERE s.inbound_return_id = NEW.id AND s.tracking_number IS NOT NULL))), 1000);
	RETURN NEW;
END $$;
--> statement-breakpoint
-- Setting search_text (to anything) makes the return work its search fields out again: the other tables'
-- triggers do that when what they hold changes.
CREATE TRIGGER inbound_returns_search_fields
BEFORE INSERT OR UPDATE OF channel_order_return_id, customer_id, reference_id, requested_at, search_text
ON inbound_returns FOR EACH ROW EXECUTE FUNCTION inbound_returns_search_fields();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION channel_order_returns_search_to_returns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE inbound_returns SET search_text = NULL WHERE channel_order_return_id = NEW.id;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER channel_order_returns_search_to_returns
AFTER UPDATE OF reference_id, channel_order_id ON channel_order_returns FOR EACH ROW
WHEN (OLD.reference_id IS DISTINCT FROM NEW.reference_id OR OLD.channel_order_id IS DISTINCT FROM NEW.channel_order_id)
EXECUTE FUNCTION channel_order_returns_search_to_returns();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION channel_orders_search_to_returns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE inbound_returns SET search_text = NULL WHERE channel_order_return_id IN (
		SELECT r.id FROM channel_order_returns r WHERE r.account_id = NEW.account_id AND r.channel_order_id = NEW.id);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER channel_orders_search_to_returns
AFTER UPDATE OF channel_order_number, ordered_at, customer_id ON channel_orders FOR EACH ROW
WHEN (OLD.channel_order_number IS DISTINCT FROM NEW.channel_order_number
	OR OLD.ordered_at IS DISTINCT FROM NEW.ordered_at OR OLD.customer_id IS DISTINCT FROM NEW.customer_id)
EXECUTE FUNCTION channel_orders_search_to_returns();
--> statement-breakpoint
-- A customer's new name or e-mail: their returns, and the returns without a customer of their orders.
CREATE OR REPLACE FUNCTION customers_search_to_returns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE inbound_returns SET search_text = NULL
	WHERE account_id = NEW.account_id AND (customer_id = NEW.id OR (customer_id IS NULL AND channel_order_return_id IN (
		SELECT r.id FROM channel_orders o JOIN channel_order_returns r ON r.account_id = o.account_id AND r.channel_order_id = o.id
		WHERE o.account_id = NEW.account_id AND o.customer_id = NEW.id)));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_search_to_returns AFTER UPDATE OF first_name, last_name, email ON customers
FOR EACH ROW
WHEN (customer_search_text(OLD.first_name, OLD.last_name, OLD.email)
	IS DISTINCT FROM customer_search_text(NEW.first_name, NEW.last_name, NEW.email))
EXECUTE FUNCTION customers_search_to_returns();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inbound_return_shipments_search_to_returns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		UPDATE inbound_returns SET search_text = NULL WHERE id = OLD.inbound_return_id;
	END IF;
	IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.inbound_return_id <> OLD.inbound_return_id) THEN
		UPDATE inbound_returns SET search_text = NULL WHERE id = NEW.inbound_return_id;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER inbound_return_shipments_search_to_returns
AFTER INSERT OR DELETE OR UPDATE OF tracking_number, inbound_return_id ON inbound_return_shipments FOR EACH ROW
EXECUTE FUNCTION inbound_return_shipments_search_to_returns();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inbound_return_appeals_search_to_returns() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	return_id integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.inbound_return_id ELSE NEW.inbound_return_id END;
BEGIN
	UPDATE inbound_returns SET search_appeal_status_id = (
		SELECT a.inbound_return_appeal_status_id FROM inbound_return_appeals a WHERE a.inbound_return_id = return_id)
	WHERE id = return_id;
	IF TG_OP = 'UPDATE' AND OLD.inbound_return_id <> NEW.inbound_return_id THEN
		UPDATE inbound_returns SET search_appeal_status_id = NULL WHERE id = OLD.inbound_return_id;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER inbound_return_appeals_search_to_returns
AFTER INSERT OR DELETE OR UPDATE OF inbound_return_appeal_status_id, inbound_return_id ON inbound_return_appeals
FOR EACH ROW EXECUTE FUNCTION inbound_return_appeals_search_to_returns();
--> statement-breakpoint
UPDATE inbound_returns SET search_text = NULL;
--> statement-breakpoint
UPDATE inbound_returns ir SET search_appeal_status_id = a.inbound_return_appeal_status_id
FROM inbound_return_appeals a WHERE a.inbound_return_id = ir.id;
--> statement-breakpoint
ALTER TABLE "inbound_returns" ALTER COLUMN "search_ordered_at" SET NOT NULL;
--> statement-breakpoint
-- The list newest first, any status; with a return status (the screen opens on In Process); with an appeal
-- status. Each carries what the others filter on and the text, so a page is read from the index alone.
CREATE INDEX "inbound_returns_search_ordered" ON "inbound_returns" USING btree
("account_id", "search_ordered_at", "id") INCLUDE ("return_status_id", "search_appeal_status_id", "search_text");
--> statement-breakpoint
CREATE INDEX "inbound_returns_search_status" ON "inbound_returns" USING btree
("account_id", "return_status_id", "search_ordered_at", "id") INCLUDE ("search_appeal_status_id", "search_text");
--> statement-breakpoint
CREATE INDEX "inbound_returns_search_appeal" ON "inbound_returns" USING btree
("account_id", "search_appeal_status_id", "search_ordered_at", "id") INCLUDE ("return_status_id", "search_text")
WHERE "search_appeal_status_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "inbound_returns_search_text" ON "inbound_returns" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
-- A customer's returns (the customers trigger above); the returns holding a product (search by SKU or UPC).
CREATE INDEX "inbound_returns_customer" ON "inbound_returns" USING btree ("account_id", "customer_id");
--> statement-breakpoint
CREATE INDEX "inbound_return_items_product" ON "inbound_return_items" USING btree
("account_id", "product_id", "inbound_return_id");
--> statement-breakpoint
-- An RMA, a tracking number, looked up whole (a scan, a paste): an index probe before any text search.
CREATE INDEX "inbound_returns_reference" ON "inbound_returns" USING btree ("account_id", upper("reference_id"));
--> statement-breakpoint
CREATE INDEX "channel_order_returns_reference" ON "channel_order_returns" USING btree
("account_id", upper("reference_id"));
--> statement-breakpoint
CREATE INDEX "inbound_return_shipments_tracking" ON "inbound_return_shipments" USING btree
("account_id", upper("tracking_number"));
--> statement-breakpoint
-- A list of returns found by id (named exactly, found by a walk or by the trigram index) is sorted and filtered
-- from this index alone: a SKU on 500 returns read 500 table pages for it.
CREATE INDEX "inbound_returns_search_ids" ON "inbound_returns" USING btree ("id")
INCLUDE ("account_id", "search_ordered_at", "return_status_id", "search_appeal_status_id");
