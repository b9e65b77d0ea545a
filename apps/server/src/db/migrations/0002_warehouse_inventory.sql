CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"type_id" smallint DEFAULT 0 NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"upc" text,
	"normalized_upc" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_location_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inventory_location_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"inventory_location_id" integer,
	"chaos_zone" smallint,
	"chaos_row" text,
	"chaos_section" smallint,
	"chaos_shelf" text,
	"chaos_bin" text,
	"sort_order" integer DEFAULT 99 NOT NULL,
	"price_cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"inventory_condition_id" integer DEFAULT 1 NOT NULL,
	"purchase_order_item_id" integer,
	"return_item_id" integer,
	"pick_request_item_id" integer,
	"physical_by" integer,
	"physical_at" timestamp with time zone,
	"picked_by" integer,
	"picked_at" timestamp with time zone,
	"packed_by" integer,
	"packed_at" timestamp with time zone,
	"shipped_by" integer,
	"shipped_at" timestamp with time zone,
	"received_by" integer,
	"received_at" timestamp with time zone,
	"cant_find_by" integer,
	"cant_find_at" timestamp with time zone,
	"modified_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_dirty" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_unit_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inventory_unit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"inventory_location_item_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"from_division_id" integer,
	"to_division_id" integer,
	"note" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse_divisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouse_divisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"level" text NOT NULL,
	"parent_id" integer,
	"warehouse_zone_id" integer,
	"warehouse_zone_row_id" integer,
	"warehouse_zone_row_section_id" integer,
	"warehouse_zone_row_section_shelf_id" integer,
	"chaos_zone" smallint,
	"chaos_row" text,
	"chaos_section" smallint,
	"chaos_shelf" text,
	"chaos_bin" text,
	"warehouse_bin_type_id" smallint,
	"bin_group_type" text,
	"user_id" integer,
	"name" text,
	"display_name" text,
	"sort_order" integer DEFAULT 99 NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"is_physical_required" smallint DEFAULT 0 NOT NULL,
	"is_withheld" smallint DEFAULT 0 NOT NULL,
	"warehouse_division_availability_group_id" integer,
	"warehouse_division_type_id" integer,
	"barcode" text NOT NULL,
	"modified_by" integer,
	"last_physical_by" integer,
	"last_physical_at" timestamp with time zone,
	"last_received_by" integer,
	"last_received_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"has_fulfillment" boolean NOT NULL,
	"has_receiving" boolean NOT NULL,
	"is_third_party" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"alternative_id" text,
	"warehouse_type_id" integer DEFAULT 1 NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"sort_order" integer DEFAULT 99 NOT NULL,
	"company" text,
	"is_picking_required" smallint DEFAULT 0 NOT NULL,
	"is_packing_required" smallint DEFAULT 0 NOT NULL,
	"is_packing_label_required" smallint DEFAULT 0 NOT NULL,
	"receipt_message" text,
	"name" text NOT NULL,
	"short_alias" text NOT NULL,
	"address_line1" text,
	"address_line2" text,
	"address_line3" text,
	"city" text,
	"state_or_providence" text,
	"state_id" integer,
	"postal_code" text,
	"country" text DEFAULT 'US' NOT NULL,
	"country_id" integer DEFAULT 1 NOT NULL,
	"phone_home" text,
	"phone_cell" text,
	"phone_work" text,
	"fax" text,
	"email" text,
	"modified_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_location_items" ADD CONSTRAINT "inventory_location_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_location_items" ADD CONSTRAINT "inventory_location_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_location_items" ADD CONSTRAINT "inventory_location_items_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_location_items" ADD CONSTRAINT "inventory_location_items_inventory_location_id_warehouse_divisions_id_fk" FOREIGN KEY ("inventory_location_id") REFERENCES "public"."warehouse_divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_location_items" ADD CONSTRAINT "inventory_location_items_physical_by_users_id_fk" FOREIGN KEY ("physical_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_location_items" ADD CONSTRAINT "inventory_location_items_picked_by_users_id_fk" FOREIGN KEY ("picked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_location_items" ADD CONSTRAINT "inventory_location_items_packed_by_users_id_fk" FOREIGN KEY ("packed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_location_items" ADD CONSTRAINT "inventory_location_items_shipped_by_users_id_fk" FOREIGN KEY ("shipped_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_location_items" ADD CONSTRAINT "inventory_location_items_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_location_items" ADD CONSTRAINT "inventory_location_items_cant_find_by_users_id_fk" FOREIGN KEY ("cant_find_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_location_items" ADD CONSTRAINT "inventory_location_items_modified_by_users_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_location_items" ADD CONSTRAINT "inventory_location_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_unit_events" ADD CONSTRAINT "inventory_unit_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_unit_events" ADD CONSTRAINT "inventory_unit_events_inventory_location_item_id_inventory_location_items_id_fk" FOREIGN KEY ("inventory_location_item_id") REFERENCES "public"."inventory_location_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_unit_events" ADD CONSTRAINT "inventory_unit_events_from_division_id_warehouse_divisions_id_fk" FOREIGN KEY ("from_division_id") REFERENCES "public"."warehouse_divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_unit_events" ADD CONSTRAINT "inventory_unit_events_to_division_id_warehouse_divisions_id_fk" FOREIGN KEY ("to_division_id") REFERENCES "public"."warehouse_divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_unit_events" ADD CONSTRAINT "inventory_unit_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_divisions" ADD CONSTRAINT "warehouse_divisions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_divisions" ADD CONSTRAINT "warehouse_divisions_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_divisions" ADD CONSTRAINT "warehouse_divisions_parent_id_warehouse_divisions_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."warehouse_divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_divisions" ADD CONSTRAINT "warehouse_divisions_warehouse_zone_id_warehouse_divisions_id_fk" FOREIGN KEY ("warehouse_zone_id") REFERENCES "public"."warehouse_divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_divisions" ADD CONSTRAINT "warehouse_divisions_warehouse_zone_row_id_warehouse_divisions_id_fk" FOREIGN KEY ("warehouse_zone_row_id") REFERENCES "public"."warehouse_divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_divisions" ADD CONSTRAINT "warehouse_divisions_warehouse_zone_row_section_id_warehouse_divisions_id_fk" FOREIGN KEY ("warehouse_zone_row_section_id") REFERENCES "public"."warehouse_divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_divisions" ADD CONSTRAINT "warehouse_divisions_warehouse_zone_row_section_shelf_id_warehouse_divisions_id_fk" FOREIGN KEY ("warehouse_zone_row_section_shelf_id") REFERENCES "public"."warehouse_divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_divisions" ADD CONSTRAINT "warehouse_divisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_divisions" ADD CONSTRAINT "warehouse_divisions_modified_by_users_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_divisions" ADD CONSTRAINT "warehouse_divisions_last_physical_by_users_id_fk" FOREIGN KEY ("last_physical_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_divisions" ADD CONSTRAINT "warehouse_divisions_last_received_by_users_id_fk" FOREIGN KEY ("last_received_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_warehouse_type_id_warehouse_types_id_fk" FOREIGN KEY ("warehouse_type_id") REFERENCES "public"."warehouse_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_modified_by_users_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "products_account_sku_unique" ON "products" USING btree ("account_id","sku");--> statement-breakpoint
CREATE INDEX "products_account_upc_idx" ON "products" USING btree ("account_id","normalized_upc");--> statement-breakpoint
CREATE INDEX "inventory_items_location_idx" ON "inventory_location_items" USING btree ("inventory_location_id");--> statement-breakpoint
CREATE INDEX "inventory_items_product_idx" ON "inventory_location_items" USING btree ("account_id","product_id");--> statement-breakpoint
CREATE INDEX "inventory_unit_events_item_idx" ON "inventory_unit_events" USING btree ("inventory_location_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_divisions_account_barcode_unique" ON "warehouse_divisions" USING btree ("account_id","barcode");--> statement-breakpoint
CREATE INDEX "warehouse_divisions_parent_idx" ON "warehouse_divisions" USING btree ("warehouse_id","parent_id");--> statement-breakpoint
CREATE INDEX "warehouse_divisions_group_bins_idx" ON "warehouse_divisions" USING btree ("warehouse_id","bin_group_type","warehouse_bin_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_account_alias_unique" ON "warehouses" USING btree ("account_id",upper("short_alias"));