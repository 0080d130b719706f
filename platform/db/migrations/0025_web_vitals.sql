CREATE TABLE "web_vitals" (
	"tenant_id" uuid NOT NULL,
	"day" text NOT NULL,
	"page_type" text NOT NULL,
	"locale" text NOT NULL,
	"device" text NOT NULL,
	"metric" text NOT NULL,
	"counts" integer[] NOT NULL,
	CONSTRAINT "web_vitals_tenant_id_day_page_type_locale_device_metric_pk" PRIMARY KEY("tenant_id","day","page_type","locale","device","metric")
);
--> statement-breakpoint
ALTER TABLE "web_vitals" ADD CONSTRAINT "web_vitals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "web_vitals_day_idx" ON "web_vitals" USING btree ("day");