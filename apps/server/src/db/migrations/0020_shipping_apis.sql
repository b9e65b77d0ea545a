CREATE TABLE "one_off_shipments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "one_off_shipments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"warehouse_id" integer,
	"ship_from" jsonb NOT NULL,
	"ship_to" jsonb NOT NULL,
	"parcels" jsonb NOT NULL,
	"notes" text,
	"provider_shipment_id" text NOT NULL,
	"provider_json" jsonb,
	"rates" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "one_off_shipments_account_id_key" UNIQUE("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "channel_order_shipments" ADD COLUMN "warehouse_packaging_id" integer;--> statement-breakpoint
ALTER TABLE "channel_order_shipments" ADD COLUMN "packed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "channel_order_shipments" ADD COLUMN "packed_by" integer;--> statement-breakpoint
ALTER TABLE "channel_order_shipments" ADD COLUMN "rate_shipment_id" text;--> statement-breakpoint
ALTER TABLE "channel_order_shipments" ADD COLUMN "rates" jsonb;--> statement-breakpoint
ALTER TABLE "channel_order_shipments" ADD COLUMN "rated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "channel_order_shipments" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inbound_return_shipments" ADD COLUMN "warehouse_id" integer;--> statement-breakpoint
ALTER TABLE "inbound_return_shipments" ADD COLUMN "address_id" integer;--> statement-breakpoint
ALTER TABLE "inbound_return_shipments" ADD COLUMN "source_address_id" integer;--> statement-breakpoint
ALTER TABLE "inbound_return_shipments" ADD COLUMN "package_width_inch" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "inbound_return_shipments" ADD COLUMN "package_height_inch" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "inbound_return_shipments" ADD COLUMN "package_length_inch" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "inbound_return_shipments" ADD COLUMN "package_weight_ounce" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "inbound_return_shipments" ADD COLUMN "carrier_name" text;--> statement-breakpoint
ALTER TABLE "inbound_return_shipments" ADD COLUMN "service_name" text;--> statement-breakpoint
ALTER TABLE "inbound_return_shipments" ADD COLUMN "rate_shipment_id" text;--> statement-breakpoint
ALTER TABLE "inbound_return_shipments" ADD COLUMN "provider_json" jsonb;--> statement-breakpoint
ALTER TABLE "inbound_return_shipments" ADD COLUMN "rates" jsonb;--> statement-breakpoint
ALTER TABLE "inbound_return_shipments" ADD COLUMN "rated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inbound_return_shipments" ADD COLUMN "has_rates_attempted" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_return_shipments" ADD COLUMN "selected_rate_id" text;--> statement-breakpoint
ALTER TABLE "one_off_shipments" ADD CONSTRAINT "one_off_shipments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_off_shipments" ADD CONSTRAINT "one_off_shipments_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_off_shipments" ADD CONSTRAINT "one_off_shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_off_shipments" ADD CONSTRAINT "one_off_shipments_warehouse_same_account" FOREIGN KEY ("account_id","warehouse_id") REFERENCES "public"."warehouses"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "one_off_shipments_provider_shipment" ON "one_off_shipments" USING btree ("account_id","provider_shipment_id");--> statement-breakpoint
CREATE INDEX "one_off_shipments_account_created" ON "one_off_shipments" USING btree ("account_id","created_at");--> statement-breakpoint
ALTER TABLE "channel_order_shipments" ADD CONSTRAINT "channel_order_shipments_warehouse_packaging_id_packaging_id_fk" FOREIGN KEY ("warehouse_packaging_id") REFERENCES "public"."packaging"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_order_shipments" ADD CONSTRAINT "channel_order_shipments_packed_by_users_id_fk" FOREIGN KEY ("packed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_order_shipments" ADD CONSTRAINT "channel_order_shipments_order_same_account" FOREIGN KEY ("account_id","channel_order_id") REFERENCES "public"."channel_orders"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_return_shipments" ADD CONSTRAINT "inbound_return_shipments_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_return_shipments" ADD CONSTRAINT "inbound_return_shipments_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_return_shipments" ADD CONSTRAINT "inbound_return_shipments_source_address_id_addresses_id_fk" FOREIGN KEY ("source_address_id") REFERENCES "public"."addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_return_shipments" ADD CONSTRAINT "inbound_return_shipments_return_same_account" FOREIGN KEY ("account_id","inbound_return_id") REFERENCES "public"."inbound_returns"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_return_shipments" ADD CONSTRAINT "inbound_return_shipments_warehouse_same_account" FOREIGN KEY ("account_id","warehouse_id") REFERENCES "public"."warehouses"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_order_shipments" ADD CONSTRAINT "channel_order_shipments_account_id_key" UNIQUE("account_id","id");--> statement-breakpoint
ALTER TABLE "inbound_return_shipments" ADD CONSTRAINT "inbound_return_shipments_account_id_key" UNIQUE("account_id","id");