ALTER TABLE "idempotency_keys" ADD COLUMN "owner" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "owner" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "idempotency_keys_owner_idx" ON "idempotency_keys" USING btree ("tenant_id","owner","created_at");