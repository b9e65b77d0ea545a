CREATE TABLE "countries" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"code3" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "countries_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sandbox_shipments" (
	"id" text PRIMARY KEY NOT NULL,
	"request" jsonb NOT NULL,
	"rates" jsonb NOT NULL,
	"rate_id" text,
	"tracking_number" text,
	"fee" numeric(12, 2),
	"insured" numeric(12, 2),
	"insurance_fee" numeric(12, 2),
	"idempotency_key" text,
	"purchased_at" timestamp with time zone,
	"refund_status" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_shipments_tracking_number_unique" UNIQUE("tracking_number")
);
--> statement-breakpoint
CREATE TABLE "shipping_labels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipping_labels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" integer NOT NULL,
	"adapter" text NOT NULL,
	"provider_shipment_id" text NOT NULL,
	"rate_id" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempt_token" text,
	"attempt_started_at" timestamp with time zone,
	"needs_reconcile" integer DEFAULT 0 NOT NULL,
	"carrier" text,
	"service" text,
	"tracking_number" text,
	"fee" numeric(12, 2) DEFAULT '0' NOT NULL,
	"insured" numeric(12, 2) DEFAULT '0' NOT NULL,
	"insurance_fee" numeric(12, 2) DEFAULT '0' NOT NULL,
	"refund_status" text,
	"refund" numeric(12, 2) DEFAULT '0' NOT NULL,
	"tracking_status" text,
	"tracking_updated_at" timestamp with time zone,
	"estimated_delivery_date" text,
	"delivered_at" timestamp with time zone,
	"label_zpl" text,
	"label_pdf_base64" text,
	"label_layout" jsonb,
	"provider_json" jsonb,
	"tracking_json" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"purchased_at" timestamp with time zone,
	"voided_by" integer,
	"voided_at" timestamp with time zone,
	CONSTRAINT "shipping_labels_account_id_key" UNIQUE("account_id","id"),
	CONSTRAINT "shipping_labels_owner_kind" CHECK ("shipping_labels"."owner_kind" in ('orderShipment', 'returnShipment', 'oneOff')),
	CONSTRAINT "shipping_labels_state" CHECK ("shipping_labels"."state" in ('pending', 'bought', 'voided'))
);
--> statement-breakpoint
CREATE TABLE "shipping_quotes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipping_quotes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"adapter" text NOT NULL,
	"provider_shipment_id" text NOT NULL,
	"rates" jsonb NOT NULL,
	"request" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" integer PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD CONSTRAINT "shipping_labels_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD CONSTRAINT "shipping_labels_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD CONSTRAINT "shipping_labels_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_quotes" ADD CONSTRAINT "shipping_quotes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_quotes" ADD CONSTRAINT "shipping_quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "states" ADD CONSTRAINT "states_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_labels_one_live_per_owner" ON "shipping_labels" USING btree ("account_id","owner_kind","owner_id") WHERE "shipping_labels"."state" <> 'voided';--> statement-breakpoint
CREATE INDEX "shipping_labels_owner" ON "shipping_labels" USING btree ("account_id","owner_kind","owner_id");--> statement-breakpoint
CREATE INDEX "shipping_labels_tracking_number" ON "shipping_labels" USING btree ("tracking_number");--> statement-breakpoint
CREATE INDEX "shipping_labels_undelivered" ON "shipping_labels" USING btree ("id") WHERE "shipping_labels"."state" = 'bought' and "shipping_labels"."delivered_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_quotes_provider" ON "shipping_quotes" USING btree ("adapter","provider_shipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "states_country_code" ON "states" USING btree ("country_id","code");