DROP INDEX "channel_order_items_product";--> statement-breakpoint
CREATE INDEX "channel_order_items_product" ON "channel_order_items" USING btree ("account_id","product_id","channel_order_id");