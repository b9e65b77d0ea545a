CREATE TABLE "pricing_event_listings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pricing_event_listings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"pricing_event_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"channel_listing_id" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	CONSTRAINT "pricing_event_listings_price_not_negative" CHECK ("pricing_event_listings"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pricing_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pricing_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"name" text NOT NULL,
	"event_type" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pricing_events_account_id_key" UNIQUE("account_id","id"),
	CONSTRAINT "pricing_events_id_channel_key" UNIQUE("id","channel_id"),
	CONSTRAINT "pricing_events_event_type_check" CHECK ("pricing_events"."event_type" in ('sale', 'promotion', 'repricing')),
	CONSTRAINT "pricing_events_ends_after_start" CHECK ("pricing_events"."ends_at" > "pricing_events"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "channel_listings" ADD COLUMN "reference_id" text;--> statement-breakpoint
-- Before the foreign key that points at it (drizzle-kit writes it last).
ALTER TABLE "channel_listings" ADD CONSTRAINT "channel_listings_id_channel_key" UNIQUE("id","channel_id");--> statement-breakpoint
ALTER TABLE "pricing_event_listings" ADD CONSTRAINT "pricing_event_listings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_event_listings" ADD CONSTRAINT "pricing_event_listings_pricing_event_id_pricing_events_id_fk" FOREIGN KEY ("pricing_event_id") REFERENCES "public"."pricing_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_event_listings" ADD CONSTRAINT "pricing_event_listings_channel_listing_id_channel_listings_id_fk" FOREIGN KEY ("channel_listing_id") REFERENCES "public"."channel_listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_event_listings" ADD CONSTRAINT "pricing_event_listings_event_same_account" FOREIGN KEY ("account_id","pricing_event_id") REFERENCES "public"."pricing_events"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_event_listings" ADD CONSTRAINT "pricing_event_listings_event_channel" FOREIGN KEY ("pricing_event_id","channel_id") REFERENCES "public"."pricing_events"("id","channel_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_event_listings" ADD CONSTRAINT "pricing_event_listings_listing_channel" FOREIGN KEY ("channel_listing_id","channel_id") REFERENCES "public"."channel_listings"("id","channel_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_events" ADD CONSTRAINT "pricing_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_events" ADD CONSTRAINT "pricing_events_channel_id_sales_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."sales_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_events" ADD CONSTRAINT "pricing_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_events" ADD CONSTRAINT "pricing_events_channel_same_account" FOREIGN KEY ("account_id","channel_id") REFERENCES "public"."sales_channels"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pricing_event_listings_event_listing" ON "pricing_event_listings" USING btree ("pricing_event_id","channel_listing_id");--> statement-breakpoint
CREATE INDEX "pricing_event_listings_listing" ON "pricing_event_listings" USING btree ("channel_listing_id");--> statement-breakpoint
CREATE INDEX "pricing_events_account_ends" ON "pricing_events" USING btree ("account_id","ends_at");
