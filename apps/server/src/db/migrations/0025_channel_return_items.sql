CREATE TABLE "channel_order_return_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "channel_order_return_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"channel_order_return_id" integer NOT NULL,
	"channel_order_item_id" integer,
	"quantity" integer DEFAULT 1 NOT NULL,
	"return_reason_id" integer,
	"return_reason_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbound_return_items" ADD COLUMN "channel_order_return_item_id" integer;--> statement-breakpoint
ALTER TABLE "channel_order_return_items" ADD CONSTRAINT "channel_order_return_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_order_return_items" ADD CONSTRAINT "channel_order_return_items_channel_order_return_id_channel_order_returns_id_fk" FOREIGN KEY ("channel_order_return_id") REFERENCES "public"."channel_order_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_order_return_items" ADD CONSTRAINT "channel_order_return_items_channel_order_item_id_channel_order_items_id_fk" FOREIGN KEY ("channel_order_item_id") REFERENCES "public"."channel_order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_order_return_items_return" ON "channel_order_return_items" USING btree ("channel_order_return_id");--> statement-breakpoint
ALTER TABLE "inbound_return_items" ADD CONSTRAINT "inbound_return_items_channel_order_return_item_id_channel_order_return_items_id_fk" FOREIGN KEY ("channel_order_return_item_id") REFERENCES "public"."channel_order_return_items"("id") ON DELETE no action ON UPDATE no action;