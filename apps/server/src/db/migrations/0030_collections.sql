CREATE TABLE "account_sites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_sites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"url" text NOT NULL,
	"channel_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "account_sites_account_id_key" UNIQUE("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"account_site_id" integer NOT NULL,
	"parent_id" integer,
	"collection_type_id" integer DEFAULT 5 NOT NULL,
	"name" text NOT NULL,
	"is_default_collection" smallint DEFAULT 0 NOT NULL,
	"json" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	CONSTRAINT "collections_account_id_key" UNIQUE("account_id","id"),
	CONSTRAINT "collections_type" CHECK ("collections"."collection_type_id" in (5, 25))
);
--> statement-breakpoint
ALTER TABLE "account_sites" ADD CONSTRAINT "account_sites_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_sites" ADD CONSTRAINT "account_sites_channel_id_sales_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."sales_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_sites" ADD CONSTRAINT "account_sites_channel_same_account" FOREIGN KEY ("account_id","channel_id") REFERENCES "public"."sales_channels"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_account_site_id_account_sites_id_fk" FOREIGN KEY ("account_site_id") REFERENCES "public"."account_sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_parent_id_collections_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."collections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_modified_by_users_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_site_same_account" FOREIGN KEY ("account_id","account_site_id") REFERENCES "public"."account_sites"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_parent_same_account" FOREIGN KEY ("account_id","parent_id") REFERENCES "public"."collections"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_sites_account_url" ON "account_sites" USING btree ("account_id",lower("url"));--> statement-breakpoint
CREATE UNIQUE INDEX "collections_one_default_per_site" ON "collections" USING btree ("account_site_id") WHERE "collections"."is_default_collection" = 1;--> statement-breakpoint
CREATE INDEX "collections_site_type" ON "collections" USING btree ("account_id","account_site_id","collection_type_id");