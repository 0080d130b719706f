CREATE TABLE "gift_card_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"gift_card_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"cart_id" uuid,
	"cart_item_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"code" text NOT NULL,
	"token" text NOT NULL,
	"amount" integer NOT NULL,
	"balance" integer NOT NULL,
	"currency" text DEFAULT 'SAR' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"recipient_mobile" text NOT NULL,
	"recipient_name" text NOT NULL,
	"from_name" text,
	"theme" text NOT NULL,
	"product_id" uuid,
	"cart_item_id" uuid NOT NULL,
	"unit" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_balance_range" CHECK ("gift_cards"."balance" >= 0 and "gift_cards"."balance" <= "gift_cards"."amount")
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "gift_card_returned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "gift_card_id" uuid;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "gift_card_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_card_movements" ADD CONSTRAINT "gift_card_movements_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_movements" ADD CONSTRAINT "gift_card_movements_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_movements" ADD CONSTRAINT "gift_card_movements_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_movements" ADD CONSTRAINT "gift_card_movements_cart_item_id_cart_items_id_fk" FOREIGN KEY ("cart_item_id") REFERENCES "public"."cart_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_cart_item_id_cart_items_id_fk" FOREIGN KEY ("cart_item_id") REFERENCES "public"."cart_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_card_movements_card_idx" ON "gift_card_movements" USING btree ("gift_card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_movements_spend_uq" ON "gift_card_movements" USING btree ("gift_card_id","cart_id") WHERE "gift_card_movements"."kind" = 'spend';--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_movements_return_uq" ON "gift_card_movements" USING btree ("gift_card_id","cart_item_id") WHERE "gift_card_movements"."kind" = 'return';--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_tenant_code_uq" ON "gift_cards" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_token_uq" ON "gift_cards" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_line_unit_uq" ON "gift_cards" USING btree ("cart_item_id","unit");--> statement-breakpoint
CREATE INDEX "gift_cards_recipient_idx" ON "gift_cards" USING btree ("tenant_id","recipient_mobile");