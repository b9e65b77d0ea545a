DROP INDEX "channel_orders_customer";--> statement-breakpoint
CREATE INDEX "channel_orders_customer" ON "channel_orders" USING btree ("account_id","customer_id","ordered_at","id");