CREATE TABLE "product_slug_redirects" (
	"tenant_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_slug_redirects_tenant_id_slug_pk" PRIMARY KEY("tenant_id","slug")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "slug_ar" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "slug_en" text;--> statement-breakpoint
ALTER TABLE "product_slug_redirects" ADD CONSTRAINT "product_slug_redirects_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_slug_redirects" ADD CONSTRAINT "product_slug_redirects_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "products_tenant_slug_ar_uq" ON "products" USING btree ("tenant_id","slug_ar");--> statement-breakpoint
CREATE UNIQUE INDEX "products_tenant_slug_en_uq" ON "products" USING btree ("tenant_id","slug_en");--> statement-breakpoint
-- A name as an address: Arabic diacritics and tatweel dropped, Latin accents dropped, lower case, every run of anything
-- but Latin letters, digits and Arabic letters or digits made one hyphen, at most 80 characters.
CREATE FUNCTION "product_slugify"(name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(nullif(trim(both '-' from left(trim(both '-' from regexp_replace(lower(translate(regexp_replace(coalesce(name, ''), '[\u064B-\u065F\u0670\u0640]', '', 'g'), 'ÀÁÂÄÃÅÇÈÉÊËÌÍÎÏÑÒÓÔÖÕÙÚÛÜÝàáâäãåçèéêëìíîïñòóôöõùúûüýÿ', 'AAAAAACEEEEIIIINOOOOOUUUUYaaaaaaceeeeiiiinooooouuuuyy')), '[^a-z0-9\u0621-\u063A\u0641-\u064A\u0660-\u0669\u0671-\u06D3\u06F0-\u06F9]+', '-', 'g')), 80)), ''), 'product')
$$;--> statement-breakpoint
-- The first of base, base-2, base-3… that no other product of the tenant has as an address, now or before.
CREATE FUNCTION "product_slug_unique"(tenant uuid, product uuid, base text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  stem text := CASE WHEN base ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN 'p-' || base ELSE base END;
  candidate text := stem;
  n integer := 1;
BEGIN
  LOOP
    IF NOT EXISTS (SELECT 1 FROM "products" WHERE "tenant_id" = tenant AND "id" <> product AND candidate IN ("slug_ar", "slug_en"))
       AND NOT EXISTS (SELECT 1 FROM "product_slug_redirects" WHERE "tenant_id" = tenant AND "slug" = candidate AND "product_id" <> product) THEN
      RETURN candidate;
    END IF;
    n := n + 1;
    candidate := stem || '-' || n;
  END LOOP;
END $$;--> statement-breakpoint
-- Slugs made when not given and again when the name changes (unless the same change sets them);
-- a replaced slug keeps leading to the product, and a current one is nobody's redirect.
CREATE FUNCTION "products_slug"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW."name_ar" IS DISTINCT FROM OLD."name_ar" AND NEW."slug_ar" IS NOT DISTINCT FROM OLD."slug_ar" THEN NEW."slug_ar" := NULL; END IF;
    IF NEW."name_en" IS DISTINCT FROM OLD."name_en" AND NEW."slug_en" IS NOT DISTINCT FROM OLD."slug_en" THEN NEW."slug_en" := NULL; END IF;
  END IF;
  IF NEW."slug_ar" IS NULL THEN NEW."slug_ar" := "product_slug_unique"(NEW."tenant_id", NEW."id", "product_slugify"(NEW."name_ar")); END IF;
  IF NEW."slug_en" IS NULL THEN NEW."slug_en" := "product_slug_unique"(NEW."tenant_id", NEW."id", "product_slugify"(NEW."name_en")); END IF;
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO "product_slug_redirects" ("tenant_id", "slug", "product_id")
      SELECT OLD."tenant_id", old_slug, OLD."id" FROM unnest(ARRAY[OLD."slug_ar", OLD."slug_en"]) AS old_slug
      WHERE old_slug IS NOT NULL AND old_slug <> NEW."slug_ar" AND old_slug <> NEW."slug_en"
      ON CONFLICT ("tenant_id", "slug") DO UPDATE SET "product_id" = EXCLUDED."product_id", "created_at" = now();
  END IF;
  DELETE FROM "product_slug_redirects" WHERE "tenant_id" = NEW."tenant_id" AND "slug" IN (NEW."slug_ar", NEW."slug_en");
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_slug" BEFORE INSERT OR UPDATE OF "name_ar", "name_en", "slug_ar", "slug_en" ON "products" FOR EACH ROW EXECUTE FUNCTION "products_slug"();--> statement-breakpoint
-- Existing products, in each store's order (the first of two alike names keeps the plain slug).
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT "id" FROM "products" ORDER BY "tenant_id", "sort_order", "created_at", "id" LOOP
    UPDATE "products" SET "slug_ar" = NULL, "slug_en" = NULL WHERE "id" = r."id";
  END LOOP;
END $$;
