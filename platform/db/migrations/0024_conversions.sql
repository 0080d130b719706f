CREATE TABLE "conversion_sandbox_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"event_name" text NOT NULL,
	"event_id" text NOT NULL,
	"event" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_conversions" (
	"tenant_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"pixel_id" text NOT NULL,
	"access_token" text NOT NULL,
	"base_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_conversions_tenant_id_platform_pk" PRIMARY KEY("tenant_id","platform")
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "tracking" jsonb;--> statement-breakpoint
ALTER TABLE "conversion_sandbox_events" ADD CONSTRAINT "conversion_sandbox_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_conversions" ADD CONSTRAINT "tenant_conversions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversion_sandbox_events_tenant_idx" ON "conversion_sandbox_events" USING btree ("tenant_id","created_at");