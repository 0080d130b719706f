import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { orNull, platform } from "@/lib/platform-client/core";
import { tenantForSite } from "@/lib/platform-client/tenants";
import type { Locale } from "@/contract/tenant-settings";
import { pageMetadata } from "@/lib/seo";
import { storeShareImage } from "@/lib/og/cards";
import { loadSite, type SiteParams } from "@/lib/site";

type Props = { params: Promise<SiteParams & { slug: string[] }> };

const pagePath = (slug: string[]) => `z/${slug.map((s) => decodeURIComponent(s)).join("/")}`;

const loadPage = cache(async (site: string, locale: Locale, path: string) => {
  const tenant = await tenantForSite(decodeURIComponent(site));
  return tenant ? orNull(platform({ tenant, locale }).website.page({ params: { path } })) : null;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const p = await params;
  const { site, tenant, config, locale } = await loadSite(p);
  const page = await loadPage(site, locale, pagePath(p.slug));
  if (!page) return {};
  const storeName = config.brandName ?? tenant.name;
  const firstParagraph = page.body.split(/\n\s*\n/)[0]?.trim() ?? "";
  return pageMetadata({
    site: tenant.host,
    locale,
    languages: config.languages,
    path: `/${page.path}`,
    title: page.title,
    description: firstParagraph.slice(0, 160) || page.title,
    storeName,
    image: await storeShareImage(tenant.host, { config, storeName }, locale),
  });
}

/** A tenant's website page (terms, about…): title and paragraphs as text, never as HTML. */
export default async function WebsitePage({ params }: Props) {
  const p = await params;
  const { site, locale } = await loadSite(p);
  const page = await loadPage(site, locale, pagePath(p.slug));
  if (!page) notFound();
  const paragraphs = page.body
    .split(/\n\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean);
  return (
    <article className="mx-auto max-w-3xl px-4 pt-8 sm:px-6 sm:pt-12">
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{page.title}</h1>
      <div className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-5 text-[1.0625rem] leading-loose text-foreground/90 shadow-soft sm:p-8">
        {paragraphs.map((para, i) => (
          <p key={i} className="whitespace-pre-line">
            {para}
          </p>
        ))}
      </div>
    </article>
  );
}
