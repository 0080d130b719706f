CREATE SEQUENCE "public"."content_rev" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "product_prices" ADD COLUMN "rev" bigint DEFAULT nextval('content_rev') NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rev" bigint DEFAULT nextval('content_rev') NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_payment_accounts" ADD COLUMN "rev" bigint DEFAULT nextval('content_rev') NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "rev" bigint DEFAULT nextval('content_rev') NOT NULL;--> statement-breakpoint
ALTER TABLE "website_pages" ADD COLUMN "rev" bigint DEFAULT nextval('content_rev') NOT NULL;--> statement-breakpoint
CREATE FUNCTION "content_rev_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.rev := nextval('content_rev');
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "tenants_rev" BEFORE UPDATE ON "tenants" FOR EACH ROW EXECUTE FUNCTION "content_rev_bump"();--> statement-breakpoint
CREATE TRIGGER "tenant_payment_accounts_rev" BEFORE UPDATE ON "tenant_payment_accounts" FOR EACH ROW EXECUTE FUNCTION "content_rev_bump"();--> statement-breakpoint
CREATE TRIGGER "products_rev" BEFORE UPDATE ON "products" FOR EACH ROW EXECUTE FUNCTION "content_rev_bump"();--> statement-breakpoint
CREATE TRIGGER "product_prices_rev" BEFORE UPDATE ON "product_prices" FOR EACH ROW EXECUTE FUNCTION "content_rev_bump"();--> statement-breakpoint
CREATE TRIGGER "website_pages_rev" BEFORE UPDATE ON "website_pages" FOR EACH ROW EXECUTE FUNCTION "content_rev_bump"();
