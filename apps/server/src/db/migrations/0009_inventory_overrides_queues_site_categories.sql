CREATE TABLE "inventory_available_overrides" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inventory_available_overrides_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"quantity_available" integer NOT NULL,
	"modified_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_available_overrides_quantity_check" CHECK ("inventory_available_overrides"."quantity_available" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_site_categories" (
	"account_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"site_category_id" integer NOT NULL,
	"modified_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_site_categories_product_id_site_id_pk" PRIMARY KEY("product_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "product_queue_items" (
	"queue_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "product_queue_items_queue_id_product_id_pk" PRIMARY KEY("queue_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_queues" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_queues_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inventory_available_overrides" ADD CONSTRAINT "inventory_available_overrides_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_available_overrides" ADD CONSTRAINT "inventory_available_overrides_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_available_overrides" ADD CONSTRAINT "inventory_available_overrides_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_available_overrides" ADD CONSTRAINT "inventory_available_overrides_modified_by_users_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_site_categories" ADD CONSTRAINT "product_site_categories_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_site_categories" ADD CONSTRAINT "product_site_categories_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_site_categories" ADD CONSTRAINT "product_site_categories_site_category_id_site_categories_id_fk" FOREIGN KEY ("site_category_id") REFERENCES "public"."site_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_site_categories" ADD CONSTRAINT "product_site_categories_modified_by_users_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_queue_items" ADD CONSTRAINT "product_queue_items_queue_id_product_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."product_queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_queue_items" ADD CONSTRAINT "product_queue_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_queues" ADD CONSTRAINT "product_queues_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_queues" ADD CONSTRAINT "product_queues_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_available_overrides_product_warehouse_unique" ON "inventory_available_overrides" USING btree ("product_id","warehouse_id");--> statement-breakpoint
CREATE INDEX "product_site_categories_site_category_idx" ON "product_site_categories" USING btree ("site_category_id");--> statement-breakpoint
CREATE INDEX "product_queue_items_product_idx" ON "product_queue_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_queues_account_name_unique" ON "product_queues" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "site_categories_path_trgm" ON "site_categories" USING gin ("path" gin_trgm_ops);