ALTER TABLE "carts" ADD COLUMN "fulfilment" jsonb;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "delivery_fee" integer;