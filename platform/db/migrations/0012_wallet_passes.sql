CREATE TABLE "tenant_wallet_passes" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"pass_type_identifier" text NOT NULL,
	"team_identifier" text NOT NULL,
	"signer_cert" text NOT NULL,
	"signer_key" text NOT NULL,
	"signer_key_passphrase" text,
	"wwdr" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenant_wallet_passes" ADD CONSTRAINT "tenant_wallet_passes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;