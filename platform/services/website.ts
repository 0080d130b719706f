import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { tenants, websitePages } from "../db/schema";
import { notFound } from "../errors";
import type { Locale } from "@/contract/tenant-settings";
import type { WebsiteConfigDto, WebsitePageDto } from "@/contract/dto/website";
import { localized } from "./catalog";

/** Settings any visitor may read: everything except keys that name a secret or a password. */
export function publicSettings(settings: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(settings).filter(([key]) => !/secret|password/i.test(key)));
}

export async function getWebsiteConfig(db: Db, tenantId: string, locale: Locale): Promise<WebsiteConfigDto> {
  const [tenant] = await db.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  if (!tenant) throw notFound("Tenant");
  const pages = await db
    .select({
      path: websitePages.path,
      titleAr: websitePages.titleAr,
      titleEn: websitePages.titleEn,
      updatedAt: websitePages.updatedAt,
    })
    .from(websitePages)
    .where(eq(websitePages.tenantId, tenantId))
    .orderBy(asc(websitePages.path));
  return {
    tenant: { id: tenant.id, name: tenant.name, slug: tenant.slug },
    settings: publicSettings(tenant.settings),
    pages: pages.map((p) => ({
      path: p.path,
      title: localized(locale, p.titleAr, p.titleEn),
      updatedAt: p.updatedAt.toISOString(),
    })),
  };
}

/** A page by its path without leading or trailing slashes, e.g. "z/terms-and-conditions". */
export async function getWebsitePage(db: Db, tenantId: string, path: string, locale: Locale): Promise<WebsitePageDto> {
  const normalized = path.split("/").filter(Boolean).join("/");
  const [page] = await db
    .select()
    .from(websitePages)
    .where(and(eq(websitePages.tenantId, tenantId), eq(websitePages.path, normalized)))
    .limit(1);
  if (!page) throw notFound("Page");
  return {
    path: page.path,
    title: localized(locale, page.titleAr, page.titleEn),
    body: localized(locale, page.bodyAr, page.bodyEn),
  };
}
