-- The returns list's row (returns.md §Returns search) read from the return alone: each return carries what the
-- list shows of its order, channel and customer, kept by the triggers of 0024 (which work a return's search
-- fields out again whenever what they are read from changes) and read only by the list (so not declared in the
-- Drizzle schema, like the other search_* fields):
--   search_reference_id       the return's RMA, else its channel return's;
--   search_order_id           its order's id;
--   search_order_number       its order's number;
--   search_order_status_id    its order's status;
--   search_channel_name       its order's channel's name;
--   search_site_id            its order's channel's site;
--   search_customer_first_name, search_customer_last_name  its customer's (else its order's customer's) name.
-- A page of the list then reads 100 returns by their keys and their last notes, where it joined five tables
-- for each row.
ALTER TABLE "inbound_returns" ADD COLUMN IF NOT EXISTS "search_reference_id" text;
--> statement-breakpoint
ALTER TABLE "inbound_returns" ADD COLUMN IF NOT EXISTS "search_order_id" integer;
--> statement-breakpoint
ALTER TABLE "inbound_returns" ADD COLUMN IF NOT EXISTS "search_order_number" text;
--> statement-breakpoint
ALTER TABLE "inbound_returns" ADD COLUMN IF NOT EXISTS "search_order_status_id" integer;
--> statement-breakpoint
ALTER TABLE "inbound_returns" ADD COLUMN IF NOT EXISTS "search_channel_name" text;
--> statement-breakpoint
ALTER TABLE "inbound_returns" ADD COLUMN IF NOT EXISTS "search_site_id" integer;
--> statement-breakpoint
ALTER TABLE "inbound_returns" ADD COLUMN IF NOT EXISTS "search_customer_first_name" text;
--> statement-breakpoint
ALTER TABLE "inbound_returns" ADD COLUMN IF NOT EXISTS "search_customer_last_name" text;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inbound_returns_search_fields() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	order_id integer;
	order_ordered_at timestamptz;
	order_number text;
	order_status_id integer;
	order_customer_id integer;
	channel_rma text;
	channel_name text;
	channel_site_id integer;
	customer_first_name text;
	customer_last_name text;
	customer_text text;
BEGIN
	SELECT o.id, o.ordered_at, o.channel_order_number, o.system_order_status_id, o.customer_id, r.reference_id,
		ch.name, ch.site_id
	INTO order_id, order_ordered_at, order_number, order_status_id, order_customer_id, channel_rma,
		channel_name, channel_site_id
	FROM channel_order_returns r JOIN channel_orders o ON o.id = r.channel_order_id
	LEFT JOIN sales_channels ch ON ch.id = o.channel_id
	WHERE r.id = NEW.channel_order_return_id;
	SELECT c.first_name, c.last_name, customer_search_text(c.first_name, c.last_name, c.email)
	INTO customer_first_name, customer_last_name, customer_text
	FROM customers c WHERE c.id = coalesce(NEW.customer_id, order_customer_id);
	NEW.search_ordered_at := coalesce(order_ordered_at, NEW.requested_at);
	NEW.search_reference_id := coalesce(NEW.reference_id, channel_rma);
	NEW.search_order_id := order_id;
	NEW.search_order_number := order_number;
	NEW.search_order_status_id := order_status_id;
	NEW.search_channel_name := channel_name;
	NEW.search_site_id := channel_site_id;
	NEW.search_customer_first_name := customer_first_name;
	NEW.search_customer_last_name := customer_last_name;
	NEW.search_text := left(lower(concat_ws(' ',
		order_number,
		NEW.reference_id,
		channel_rma,
		customer_text,
		(SELECT string_agg(s.tracking_number, ' ' ORDER BY s.id) FROM inbound_return_shipments s
			WHERE s.inbound_return_id = NEW.id AND s.tracking_number IS NOT NULL))), 1000);
	RETURN NEW;
END $$;
--> statement-breakpoint
-- An order's status and channel are shown in the list too.
DROP TRIGGER IF EXISTS channel_orders_search_to_returns ON channel_orders;
--> statement-breakpoint
CREATE TRIGGER channel_orders_search_to_returns
AFTER UPDATE OF channel_order_number, ordered_at, customer_id, system_order_status_id, channel_id ON channel_orders
FOR EACH ROW
WHEN (OLD.channel_order_number IS DISTINCT FROM NEW.channel_order_number
	OR OLD.ordered_at IS DISTINCT FROM NEW.ordered_at OR OLD.customer_id IS DISTINCT FROM NEW.customer_id
	OR OLD.system_order_status_id IS DISTINCT FROM NEW.system_order_status_id
	OR OLD.channel_id IS DISTINCT FROM NEW.channel_id)
EXECUTE FUNCTION channel_orders_search_to_returns();
--> statement-breakpoint
-- The list shows the customer's name as written: a change of case alone counts too (the search text, lower-cased,
-- did not see it).
DROP TRIGGER IF EXISTS customers_search_to_returns ON customers;
--> statement-breakpoint
CREATE TRIGGER customers_search_to_returns AFTER UPDATE OF first_name, last_name, email ON customers
FOR EACH ROW
WHEN ((OLD.first_name, OLD.last_name, OLD.email) IS DISTINCT FROM (NEW.first_name, NEW.last_name, NEW.email))
EXECUTE FUNCTION customers_search_to_returns();
--> statement-breakpoint
-- A channel's new name or site: the returns of its orders.
CREATE OR REPLACE FUNCTION sales_channels_search_to_returns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE inbound_returns SET search_text = NULL WHERE channel_order_return_id IN (
		SELECT r.id FROM channel_orders o
		JOIN channel_order_returns r ON r.account_id = o.account_id AND r.channel_order_id = o.id
		WHERE o.account_id = NEW.account_id AND o.channel_id = NEW.id);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_channels_search_to_returns AFTER UPDATE OF name, site_id ON sales_channels
FOR EACH ROW
WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.site_id IS DISTINCT FROM NEW.site_id)
EXECUTE FUNCTION sales_channels_search_to_returns();
--> statement-breakpoint
UPDATE inbound_returns SET search_text = NULL;
