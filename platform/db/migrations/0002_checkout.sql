ALTER TABLE "cart_items" ADD COLUMN "customer_package_id" uuid;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "payment_status" text DEFAULT 'unpaid' NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "order_number" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "use_packages" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "booking_notes" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "customer_name" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "customer_mobile" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "transferor_name" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "receipt_upload_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "min_days_between_bookings" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "carts_order_number_uq" ON "carts" USING btree ("tenant_id","order_number");