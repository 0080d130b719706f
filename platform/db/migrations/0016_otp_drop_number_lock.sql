ALTER TABLE "otp_failures" DROP COLUMN "failed_attempts";--> statement-breakpoint
ALTER TABLE "otp_failures" DROP COLUMN "locked_until";