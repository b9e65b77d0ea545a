ALTER TABLE "barcode_pool" ADD COLUMN "assigned_by" integer;--> statement-breakpoint
ALTER TABLE "barcode_pool" ADD CONSTRAINT "barcode_pool_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_colors_product_idx" ON "product_colors" USING btree ("product_id");