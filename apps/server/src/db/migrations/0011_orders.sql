CREATE TABLE "addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"name" text,
	"company" text,
	"address_line1" text,
	"address_line2" text,
	"address_line3" text,
	"city" text,
	"state_id" integer,
	"state_or_providence" text,
	"postal_code" text,
	"country" text DEFAULT 'US' NOT NULL,
	"country_id" integer DEFAULT 1 NOT NULL,
	"phone_home" text,
	"phone_cell" text,
	"phone_work" text,
	"fax" text,
	"email" text
);
--> statement-breakpoint
CREATE TABLE "channel_order_item_sales_people" (
	"channel_order_item_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "channel_order_item_sales_people_channel_order_item_id_user_id_pk" PRIMARY KEY("channel_order_item_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "channel_order_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "channel_order_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"channel_order_id" integer NOT NULL,
	"alternative_id" text,
	"product_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"listing_sku" text,
	"is_picked" smallint DEFAULT 0 NOT NULL,
	"is_printed" smallint DEFAULT 0 NOT NULL,
	"quantity_ordered" integer DEFAULT 1 NOT NULL,
	"quantity_allocated" integer DEFAULT 0 NOT NULL,
	"quantity_backordered" integer DEFAULT 0 NOT NULL,
	"quantity_withheld" integer DEFAULT 0 NOT NULL,
	"unit_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"unit_cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"tax" numeric(12, 2) DEFAULT '0' NOT NULL,
	"tax_percent" numeric(7, 4) DEFAULT '0' NOT NULL,
	"channel_order_shipment_id" integer,
	"latest_delivered_by_at" timestamp with time zone,
	"delivery_type_id" integer DEFAULT 1 NOT NULL,
	"override_warehouse_id" integer,
	"sort_order" integer DEFAULT 99 NOT NULL,
	"created_by" integer,
	"modified_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_order_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "channel_order_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"channel_order_id" integer NOT NULL,
	"alternative_id" text,
	"reference_id" text,
	"channel_order_payment_type_id" integer NOT NULL,
	"channel_order_payment_status_id" integer DEFAULT 2 NOT NULL,
	"payment_number" text,
	"amount" numeric(12, 2) NOT NULL,
	"note" text,
	"merchant_credit_id" integer,
	"modified_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_order_payments_amount_positive" CHECK ("channel_order_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "channel_order_shipment_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "channel_order_shipment_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"channel_order_shipment_id" integer NOT NULL,
	"product_id" integer,
	"quantity" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_order_shipments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "channel_order_shipments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"channel_order_id" integer NOT NULL,
	"warehouse_id" integer,
	"address_id" integer,
	"is_packed" smallint DEFAULT 0 NOT NULL,
	"is_shipped" smallint DEFAULT 0 NOT NULL,
	"is_voided" smallint DEFAULT 0 NOT NULL,
	"is_delivered" smallint DEFAULT 0 NOT NULL,
	"is_purchased" smallint DEFAULT 0 NOT NULL,
	"tracking_number" text,
	"carrier_name" text,
	"service_name" text,
	"carrier_fee_billed" numeric(12, 2) DEFAULT '0' NOT NULL,
	"packaging_name" text,
	"package_width_inch" numeric(10, 2),
	"package_height_inch" numeric(10, 2),
	"package_length_inch" numeric(10, 2),
	"package_weight_ounce" numeric(10, 2),
	"is_training_shipment" smallint DEFAULT 0 NOT NULL,
	"shipped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "channel_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"alternative_id" text,
	"channel_order_number" text NOT NULL,
	"channel_order_type_id" integer DEFAULT 1 NOT NULL,
	"channel_order_status_id" integer,
	"system_order_status_id" integer DEFAULT 1 NOT NULL,
	"override_warehouse_id" integer,
	"customer_id" integer,
	"channel_id" integer,
	"is_verified" smallint DEFAULT 0 NOT NULL,
	"is_prime" smallint DEFAULT 0 NOT NULL,
	"is_fba" smallint DEFAULT 0 NOT NULL,
	"billed_order_total" numeric(12, 2) DEFAULT '0' NOT NULL,
	"billed_shipping" numeric(12, 2) DEFAULT '0' NOT NULL,
	"billed_unit_total" numeric(12, 2) DEFAULT '0' NOT NULL,
	"billed_tax" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total_dealer_promo" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total_unit_cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total_shipping_cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total_channel_fee_cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total_handling_cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total_profit" numeric(12, 2) DEFAULT '0' NOT NULL,
	"default_ship_address_id" integer,
	"latest_shipped_at" timestamp with time zone,
	"latest_delivered_at" timestamp with time zone,
	"requested_system_ship_carrier_service_id" integer,
	"requested_ship_method" text,
	"pre_packed_at" timestamp with time zone,
	"pre_packed_by" integer,
	"ordered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_synced_at" timestamp with time zone,
	"related_order_id" integer,
	"related_order_type_id" integer,
	"modified_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text,
	"phone" text,
	"address_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_discounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "item_discounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"channel_order_item_id" integer NOT NULL,
	"discount" numeric(12, 2) NOT NULL,
	"is_percent" smallint DEFAULT 0 NOT NULL,
	"is_flat" smallint DEFAULT 0 NOT NULL,
	"is_unit" smallint DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 99 NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"channel_order_id" integer,
	"status" text DEFAULT 'outbox' NOT NULL,
	"error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_credits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merchant_credits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"merchant_credit_type_id" integer NOT NULL,
	"number" text NOT NULL,
	"verification_code" text NOT NULL,
	"initial_balance" numeric(12, 2) NOT NULL,
	"balance" numeric(12, 2) NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_credits_balance_not_negative" CHECK ("merchant_credits"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_discounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_discounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"channel_order_id" integer NOT NULL,
	"discount" numeric(12, 2) NOT NULL,
	"discount_type_id" integer DEFAULT 4 NOT NULL,
	"note" text,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"sort_order" integer DEFAULT 99 NOT NULL,
	"promotion_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"channel_order_id" integer NOT NULL,
	"user_id" integer,
	"note_type_id" integer DEFAULT 0 NOT NULL,
	"text" text NOT NULL,
	"modified_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"channel_order_payment_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"refund_reason_id" integer DEFAULT 0 NOT NULL,
	"destination_payment_type_id" integer NOT NULL,
	"destination_merchant_credit_id" integer,
	"inbound_return_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_amount_positive" CHECK ("payment_refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "pick_request_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pick_request_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pick_request_id" integer NOT NULL,
	"channel_order_item_id" integer NOT NULL,
	"inventory_location_item_id" integer NOT NULL,
	"picked_at" timestamp with time zone,
	"picked_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pick_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pick_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"channel_order_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"redemption_code" text NOT NULL,
	"is_percent" smallint DEFAULT 0 NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "promotions_usage_within_limit" CHECK ("promotions"."usage_limit" is null or "promotions"."usage_count" <= "promotions"."usage_limit")
);
--> statement-breakpoint
CREATE TABLE "sales_channels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"channel_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_order_item_sales_people" ADD CONSTRAINT "channel_order_item_sales_people_channel_order_item_id_channel_order_items_id_fk" FOREIGN KEY ("channel_order_item_id") REFERENCES "public"."channel_order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_order_item_sales_people" ADD CONSTRAINT "channel_order_item_sales_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_order_items" ADD CONSTRAINT "channel_order_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_order_items" ADD CONSTRAINT "channel_order_items_channel_order_id_channel_orders_id_fk" FOREIGN KEY ("channel_order_id") REFERENCES "public"."channel_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_order_items" ADD CONSTRAINT "channel_order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_order_items" ADD CONSTRAINT "channel_order_items_override_warehouse_id_warehouses_id_fk" FOREIGN KEY ("override_warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_order_items" ADD CONSTRAINT "channel_order_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_order_items" ADD CONSTRAINT "channel_order_items_modified_by_users_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_order_payments" ADD CONSTRAINT "channel_order_payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_order_payments" ADD CONSTRAINT "channel_order_payments_channel_order_id_channel_orders_id_fk" FOREIGN KEY ("channel_order_id") REFERENCES "public"."channel_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_order_payments" ADD CONSTRAINT "channel_order_payments_merchant_credit_id_merchant_credits_id_fk" FOREIGN KEY ("merchant_credit_id") REFERENCES "public"."merchant_credits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_order_payments" ADD CONSTRAINT "channel_order_payments_modified_by_users_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_order_shipment_items" ADD CONSTRAINT "channel_order_shipment_items_channel_order_shipment_id_channel_order_shipments_id_fk" FOREIGN KEY ("channel_order_shipment_id") REFERENCES "public"."channel_order_shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_order_shipment_items" ADD CONSTRAINT "channel_order_shipment_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_order_shipments" ADD CONSTRAINT "channel_order_shipments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_order_shipments" ADD CONSTRAINT "channel_order_shipments_channel_order_id_channel_orders_id_fk" FOREIGN KEY ("channel_order_id") REFERENCES "public"."channel_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_order_shipments" ADD CONSTRAINT "channel_order_shipments_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_order_shipments" ADD CONSTRAINT "channel_order_shipments_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_orders" ADD CONSTRAINT "channel_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_orders" ADD CONSTRAINT "channel_orders_override_warehouse_id_warehouses_id_fk" FOREIGN KEY ("override_warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_orders" ADD CONSTRAINT "channel_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_orders" ADD CONSTRAINT "channel_orders_channel_id_sales_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."sales_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_orders" ADD CONSTRAINT "channel_orders_default_ship_address_id_addresses_id_fk" FOREIGN KEY ("default_ship_address_id") REFERENCES "public"."addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_orders" ADD CONSTRAINT "channel_orders_pre_packed_by_users_id_fk" FOREIGN KEY ("pre_packed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_orders" ADD CONSTRAINT "channel_orders_related_order_id_channel_orders_id_fk" FOREIGN KEY ("related_order_id") REFERENCES "public"."channel_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_orders" ADD CONSTRAINT "channel_orders_modified_by_users_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_discounts" ADD CONSTRAINT "item_discounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_discounts" ADD CONSTRAINT "item_discounts_channel_order_item_id_channel_order_items_id_fk" FOREIGN KEY ("channel_order_item_id") REFERENCES "public"."channel_order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_discounts" ADD CONSTRAINT "item_discounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_channel_order_id_channel_orders_id_fk" FOREIGN KEY ("channel_order_id") REFERENCES "public"."channel_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_credits" ADD CONSTRAINT "merchant_credits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_credits" ADD CONSTRAINT "merchant_credits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_channel_order_id_channel_orders_id_fk" FOREIGN KEY ("channel_order_id") REFERENCES "public"."channel_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_channel_order_id_channel_orders_id_fk" FOREIGN KEY ("channel_order_id") REFERENCES "public"."channel_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_modified_by_users_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_channel_order_payment_id_channel_order_payments_id_fk" FOREIGN KEY ("channel_order_payment_id") REFERENCES "public"."channel_order_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_destination_merchant_credit_id_merchant_credits_id_fk" FOREIGN KEY ("destination_merchant_credit_id") REFERENCES "public"."merchant_credits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_request_items" ADD CONSTRAINT "pick_request_items_pick_request_id_pick_requests_id_fk" FOREIGN KEY ("pick_request_id") REFERENCES "public"."pick_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_request_items" ADD CONSTRAINT "pick_request_items_channel_order_item_id_channel_order_items_id_fk" FOREIGN KEY ("channel_order_item_id") REFERENCES "public"."channel_order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_request_items" ADD CONSTRAINT "pick_request_items_inventory_location_item_id_inventory_location_items_id_fk" FOREIGN KEY ("inventory_location_item_id") REFERENCES "public"."inventory_location_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_request_items" ADD CONSTRAINT "pick_request_items_picked_by_users_id_fk" FOREIGN KEY ("picked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_request_items" ADD CONSTRAINT "pick_request_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_requests" ADD CONSTRAINT "pick_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_requests" ADD CONSTRAINT "pick_requests_channel_order_id_channel_orders_id_fk" FOREIGN KEY ("channel_order_id") REFERENCES "public"."channel_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_requests" ADD CONSTRAINT "pick_requests_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_channels" ADD CONSTRAINT "sales_channels_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_order_items_order" ON "channel_order_items" USING btree ("channel_order_id");--> statement-breakpoint
CREATE INDEX "channel_order_items_product" ON "channel_order_items" USING btree ("account_id","product_id");--> statement-breakpoint
CREATE INDEX "channel_order_payments_order" ON "channel_order_payments" USING btree ("channel_order_id");--> statement-breakpoint
CREATE INDEX "channel_order_shipment_items_shipment" ON "channel_order_shipment_items" USING btree ("channel_order_shipment_id");--> statement-breakpoint
CREATE INDEX "channel_order_shipments_order" ON "channel_order_shipments" USING btree ("channel_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_orders_channel_number" ON "channel_orders" USING btree ("account_id","channel_id","channel_order_number");--> statement-breakpoint
CREATE INDEX "channel_orders_account_ordered" ON "channel_orders" USING btree ("account_id","ordered_at","id");--> statement-breakpoint
CREATE INDEX "channel_orders_account_status" ON "channel_orders" USING btree ("account_id","system_order_status_id","ordered_at");--> statement-breakpoint
CREATE INDEX "channel_orders_customer" ON "channel_orders" USING btree ("account_id","customer_id");--> statement-breakpoint
CREATE INDEX "channel_orders_related" ON "channel_orders" USING btree ("related_order_id");--> statement-breakpoint
CREATE INDEX "channel_orders_number_prefix" ON "channel_orders" USING btree ("account_id",upper("channel_order_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_account_email" ON "customers" USING btree ("account_id",lower("email"));--> statement-breakpoint
CREATE INDEX "customers_name_trgm" ON "customers" USING gin ((lower("first_name" || ' ' || "last_name" || ' ' || coalesce("email", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "item_discounts_item" ON "item_discounts" USING btree ("channel_order_item_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_account_created" ON "mail_outbox" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_credits_account_number" ON "merchant_credits" USING btree ("account_id",upper("number"));--> statement-breakpoint
CREATE INDEX "order_discounts_order" ON "order_discounts" USING btree ("channel_order_id");--> statement-breakpoint
CREATE INDEX "order_notes_order" ON "order_notes" USING btree ("channel_order_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment" ON "payment_refunds" USING btree ("channel_order_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pick_request_items_unit" ON "pick_request_items" USING btree ("inventory_location_item_id");--> statement-breakpoint
CREATE INDEX "pick_request_items_item" ON "pick_request_items" USING btree ("channel_order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pick_requests_order_warehouse" ON "pick_requests" USING btree ("channel_order_id","warehouse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_account_code" ON "promotions" USING btree ("account_id",upper("redemption_code"));--> statement-breakpoint
CREATE UNIQUE INDEX "sales_channels_account_site_type" ON "sales_channels" USING btree ("account_id","site_id","channel_type_id");