CREATE TABLE "inbound_return_appeal_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbound_return_appeal_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"inbound_return_appeal_id" integer NOT NULL,
	"image_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbound_return_appeal_images" ADD CONSTRAINT "inbound_return_appeal_images_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_return_appeal_images" ADD CONSTRAINT "inbound_return_appeal_images_inbound_return_appeal_id_inbound_return_appeals_id_fk" FOREIGN KEY ("inbound_return_appeal_id") REFERENCES "public"."inbound_return_appeals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_return_appeal_images" ADD CONSTRAINT "inbound_return_appeal_images_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_return_appeal_images" ADD CONSTRAINT "inbound_return_appeal_images_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_return_appeal_images_appeal" ON "inbound_return_appeal_images" USING btree ("inbound_return_appeal_id","id");