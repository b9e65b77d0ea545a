CREATE TABLE "site_requirement_group_attributes" (
	"group_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	CONSTRAINT "site_requirement_group_attributes_group_id_attribute_id_pk" PRIMARY KEY("group_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "site_requirement_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "site_requirement_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"category_id" integer,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "barcode_pool" ADD COLUMN "assigned_by" integer;--> statement-breakpoint
ALTER TABLE "site_requirement_group_attributes" ADD CONSTRAINT "site_requirement_group_attributes_group_id_site_requirement_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."site_requirement_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_requirement_group_attributes" ADD CONSTRAINT "site_requirement_group_attributes_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_requirement_groups" ADD CONSTRAINT "site_requirement_groups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_requirement_groups" ADD CONSTRAINT "site_requirement_groups_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "site_requirement_groups_unique" ON "site_requirement_groups" USING btree ("account_id","site_id","name");--> statement-breakpoint
ALTER TABLE "barcode_pool" ADD CONSTRAINT "barcode_pool_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_colors_product_idx" ON "product_colors" USING btree ("product_id");