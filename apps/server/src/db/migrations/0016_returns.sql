CREATE TABLE "channel_order_returns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "channel_order_returns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"channel_id" integer,
	"channel_order_id" integer NOT NULL,
	"reference_id" text,
	"channel_order_return_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_return_appeals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbound_return_appeals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"inbound_return_id" integer NOT NULL,
	"inbound_return_appeal_status_id" integer DEFAULT 1 NOT NULL,
	"claim_amount_dollar" numeric(12, 2),
	"reimbursement_amount_dollar" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_return_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbound_return_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"inbound_return_id" integer NOT NULL,
	"product_id" integer,
	"channel_order_item_id" integer,
	"quantity" integer DEFAULT 1 NOT NULL,
	"quantity_received" integer DEFAULT 0 NOT NULL,
	"inbound_return_item_status_id" integer DEFAULT 1 NOT NULL,
	"return_reason_id" integer,
	"return_reason_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_return_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbound_return_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"inbound_return_id" integer NOT NULL,
	"inbound_return_item_id" integer,
	"user_id" integer,
	"note_type_id" integer DEFAULT 0 NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_return_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbound_return_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"inbound_return_id" integer NOT NULL,
	"alternative_id" text,
	"reference_id" text,
	"inbound_return_payment_type_id" integer DEFAULT 35 NOT NULL,
	"inbound_return_payment_status_id" integer DEFAULT 1 NOT NULL,
	"payment_number" text,
	"amount" numeric(12, 2) NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_return_shipments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbound_return_shipments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"inbound_return_id" integer NOT NULL,
	"tracking_number" text,
	"carrier_fee_billed" numeric(12, 2) DEFAULT '0' NOT NULL,
	"carrier_fee_refunded" numeric(12, 2) DEFAULT '0' NOT NULL,
	"is_purchased" smallint DEFAULT 0 NOT NULL,
	"is_delivered" smallint DEFAULT 0 NOT NULL,
	"is_voided" smallint DEFAULT 0 NOT NULL,
	"is_external_shipment" smallint DEFAULT 0 NOT NULL,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_returns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbound_returns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"reference_id" text,
	"return_status_id" integer DEFAULT 1 NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"customer_id" integer,
	"created_by" integer,
	"channel_order_return_id" integer,
	"is_first_party_return" smallint DEFAULT 0 NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_order_returns" ADD CONSTRAINT "channel_order_returns_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_order_returns" ADD CONSTRAINT "channel_order_returns_channel_id_sales_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."sales_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_order_returns" ADD CONSTRAINT "channel_order_returns_channel_order_id_channel_orders_id_fk" FOREIGN KEY ("channel_order_id") REFERENCES "public"."channel_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_return_appeals" ADD CONSTRAINT "inbound_return_appeals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_return_appeals" ADD CONSTRAINT "inbound_return_appeals_inbound_return_id_inbound_returns_id_fk" FOREIGN KEY ("inbound_return_id") REFERENCES "public"."inbound_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_return_items" ADD CONSTRAINT "inbound_return_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_return_items" ADD CONSTRAINT "inbound_return_items_inbound_return_id_inbound_returns_id_fk" FOREIGN KEY ("inbound_return_id") REFERENCES "public"."inbound_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_return_items" ADD CONSTRAINT "inbound_return_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_return_items" ADD CONSTRAINT "inbound_return_items_channel_order_item_id_channel_order_items_id_fk" FOREIGN KEY ("channel_order_item_id") REFERENCES "public"."channel_order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_return_notes" ADD CONSTRAINT "inbound_return_notes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_return_notes" ADD CONSTRAINT "inbound_return_notes_inbound_return_id_inbound_returns_id_fk" FOREIGN KEY ("inbound_return_id") REFERENCES "public"."inbound_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_return_notes" ADD CONSTRAINT "inbound_return_notes_inbound_return_item_id_inbound_return_items_id_fk" FOREIGN KEY ("inbound_return_item_id") REFERENCES "public"."inbound_return_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_return_notes" ADD CONSTRAINT "inbound_return_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_return_payments" ADD CONSTRAINT "inbound_return_payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_return_payments" ADD CONSTRAINT "inbound_return_payments_inbound_return_id_inbound_returns_id_fk" FOREIGN KEY ("inbound_return_id") REFERENCES "public"."inbound_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_return_payments" ADD CONSTRAINT "inbound_return_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_return_shipments" ADD CONSTRAINT "inbound_return_shipments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_return_shipments" ADD CONSTRAINT "inbound_return_shipments_inbound_return_id_inbound_returns_id_fk" FOREIGN KEY ("inbound_return_id") REFERENCES "public"."inbound_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_returns" ADD CONSTRAINT "inbound_returns_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_returns" ADD CONSTRAINT "inbound_returns_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_returns" ADD CONSTRAINT "inbound_returns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_returns" ADD CONSTRAINT "inbound_returns_channel_order_return_id_channel_order_returns_id_fk" FOREIGN KEY ("channel_order_return_id") REFERENCES "public"."channel_order_returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_order_returns_order" ON "channel_order_returns" USING btree ("account_id","channel_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_return_appeals_return" ON "inbound_return_appeals" USING btree ("inbound_return_id");--> statement-breakpoint
CREATE INDEX "inbound_return_items_return" ON "inbound_return_items" USING btree ("inbound_return_id");--> statement-breakpoint
CREATE INDEX "inbound_return_items_order_item" ON "inbound_return_items" USING btree ("channel_order_item_id");--> statement-breakpoint
CREATE INDEX "inbound_return_notes_return" ON "inbound_return_notes" USING btree ("inbound_return_id","created_at");--> statement-breakpoint
CREATE INDEX "inbound_return_payments_return" ON "inbound_return_payments" USING btree ("inbound_return_id");--> statement-breakpoint
CREATE INDEX "inbound_return_shipments_return" ON "inbound_return_shipments" USING btree ("inbound_return_id");--> statement-breakpoint
CREATE INDEX "inbound_returns_channel_order_return" ON "inbound_returns" USING btree ("channel_order_return_id");--> statement-breakpoint
CREATE INDEX "inbound_returns_account_status" ON "inbound_returns" USING btree ("account_id","return_status_id","requested_at");