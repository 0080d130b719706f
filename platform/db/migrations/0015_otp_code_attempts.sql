ALTER TABLE "otp_challenges" ADD COLUMN "failed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_failures" ADD COLUMN "spent_codes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_failures" ADD COLUMN "cooldown_until" timestamp with time zone;--> statement-breakpoint
-- A number locked under the old rule keeps its wait as a cool-down (one spent code).
UPDATE "otp_failures" SET "spent_codes" = 1, "cooldown_until" = "locked_until" WHERE "locked_until" IS NOT NULL;
