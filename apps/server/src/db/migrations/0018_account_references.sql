-- Links across accounts that requests could make before every id was resolved within the signed-in account
-- (a first-party order's customer, a refund's return) are cut, so the same-account keys below can be added.
UPDATE "channel_orders" o SET "customer_id" = NULL WHERE "customer_id" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "customers" c WHERE c."id" = o."customer_id" AND c."account_id" = o."account_id");--> statement-breakpoint
UPDATE "inbound_returns" r SET "customer_id" = NULL WHERE "customer_id" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "customers" c WHERE c."id" = r."customer_id" AND c."account_id" = r."account_id");--> statement-breakpoint
UPDATE "payment_refunds" f SET "inbound_return_id" = NULL WHERE "inbound_return_id" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "inbound_returns" r WHERE r."id" = f."inbound_return_id" AND r."account_id" = f."account_id");--> statement-breakpoint
-- Customers of one account with the same e-mail (concurrent imports could make two) become the oldest one:
-- their orders and returns move to it, then the others go.
UPDATE "channel_orders" o SET "customer_id" = m."keep_id"
  FROM (SELECT "id", first_value("id") OVER (PARTITION BY "account_id", lower("email") ORDER BY "id") AS "keep_id"
        FROM "customers" WHERE "email" IS NOT NULL) m
  WHERE o."customer_id" = m."id" AND m."id" <> m."keep_id";--> statement-breakpoint
UPDATE "inbound_returns" r SET "customer_id" = m."keep_id"
  FROM (SELECT "id", first_value("id") OVER (PARTITION BY "account_id", lower("email") ORDER BY "id") AS "keep_id"
        FROM "customers" WHERE "email" IS NOT NULL) m
  WHERE r."customer_id" = m."id" AND m."id" <> m."keep_id";--> statement-breakpoint
DELETE FROM "customers" c WHERE c."email" IS NOT NULL AND EXISTS (SELECT 1 FROM "customers" k
  WHERE k."account_id" = c."account_id" AND lower(k."email") = lower(c."email") AND k."id" < c."id");--> statement-breakpoint
DROP INDEX "customers_account_email";--> statement-breakpoint
CREATE UNIQUE INDEX "customers_account_email" ON "customers" USING btree ("account_id",lower("email"));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_account_id_key" UNIQUE("account_id","id");--> statement-breakpoint
ALTER TABLE "channel_order_payments" ADD CONSTRAINT "channel_order_payments_account_id_key" UNIQUE("account_id","id");--> statement-breakpoint
ALTER TABLE "channel_orders" ADD CONSTRAINT "channel_orders_account_id_key" UNIQUE("account_id","id");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_account_id_key" UNIQUE("account_id","id");--> statement-breakpoint
ALTER TABLE "sales_channels" ADD CONSTRAINT "sales_channels_account_id_key" UNIQUE("account_id","id");--> statement-breakpoint
ALTER TABLE "inbound_returns" ADD CONSTRAINT "inbound_returns_account_id_key" UNIQUE("account_id","id");--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_account_id_key" UNIQUE("account_id","id");--> statement-breakpoint
ALTER TABLE "inventory_location_items" ADD CONSTRAINT "inventory_location_items_product_same_account" FOREIGN KEY ("account_id","product_id") REFERENCES "public"."products"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_location_items" ADD CONSTRAINT "inventory_location_items_warehouse_same_account" FOREIGN KEY ("account_id","warehouse_id") REFERENCES "public"."warehouses"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_listings" ADD CONSTRAINT "channel_listings_channel_same_account" FOREIGN KEY ("account_id","channel_id") REFERENCES "public"."sales_channels"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_listings" ADD CONSTRAINT "channel_listings_product_same_account" FOREIGN KEY ("account_id","product_id") REFERENCES "public"."products"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_order_items" ADD CONSTRAINT "channel_order_items_order_same_account" FOREIGN KEY ("account_id","channel_order_id") REFERENCES "public"."channel_orders"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_order_items" ADD CONSTRAINT "channel_order_items_product_same_account" FOREIGN KEY ("account_id","product_id") REFERENCES "public"."products"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_order_payments" ADD CONSTRAINT "channel_order_payments_order_same_account" FOREIGN KEY ("account_id","channel_order_id") REFERENCES "public"."channel_orders"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_orders" ADD CONSTRAINT "channel_orders_customer_same_account" FOREIGN KEY ("account_id","customer_id") REFERENCES "public"."customers"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_orders" ADD CONSTRAINT "channel_orders_channel_same_account" FOREIGN KEY ("account_id","channel_id") REFERENCES "public"."sales_channels"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_orders" ADD CONSTRAINT "channel_orders_warehouse_same_account" FOREIGN KEY ("account_id","override_warehouse_id") REFERENCES "public"."warehouses"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_order_same_account" FOREIGN KEY ("account_id","channel_order_id") REFERENCES "public"."channel_orders"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_same_account" FOREIGN KEY ("account_id","channel_order_payment_id") REFERENCES "public"."channel_order_payments"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_return_same_account" FOREIGN KEY ("account_id","inbound_return_id") REFERENCES "public"."inbound_returns"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_requests" ADD CONSTRAINT "pick_requests_order_same_account" FOREIGN KEY ("account_id","channel_order_id") REFERENCES "public"."channel_orders"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_requests" ADD CONSTRAINT "pick_requests_warehouse_same_account" FOREIGN KEY ("account_id","warehouse_id") REFERENCES "public"."warehouses"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_returns" ADD CONSTRAINT "inbound_returns_customer_same_account" FOREIGN KEY ("account_id","customer_id") REFERENCES "public"."customers"("account_id","id") ON DELETE no action ON UPDATE no action;
