CREATE TABLE "branches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"address_ar" text DEFAULT '' NOT NULL,
	"address_en" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"phone" text,
	"opening_hours" jsonb,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"rev" bigint DEFAULT nextval('content_rev') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specialists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"bio_ar" text DEFAULT '' NOT NULL,
	"bio_en" text DEFAULT '' NOT NULL,
	"photo" text,
	"branch_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_ids" jsonb,
	"working_hours" jsonb NOT NULL,
	"breaks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"days_off" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"rev" bigint DEFAULT nextval('content_rev') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "specialist_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "branch_id" uuid;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "specialist_id" uuid;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "branch_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "room_capacity" integer;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specialists" ADD CONSTRAINT "specialists_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "branches_tenant_idx" ON "branches" USING btree ("tenant_id","sort_order");--> statement-breakpoint
CREATE INDEX "specialists_tenant_idx" ON "specialists" USING btree ("tenant_id","sort_order");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_specialist_id_specialists_id_fk" FOREIGN KEY ("specialist_id") REFERENCES "public"."specialists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_specialist_time_idx" ON "bookings" USING btree ("specialist_id","starts_at");--> statement-breakpoint
CREATE TRIGGER "branches_rev" BEFORE UPDATE ON "branches" FOR EACH ROW EXECUTE FUNCTION "content_rev_bump"();--> statement-breakpoint
CREATE TRIGGER "specialists_rev" BEFORE UPDATE ON "specialists" FOR EACH ROW EXECUTE FUNCTION "content_rev_bump"();
