import { z } from "zod";

export const WebsitePageDto = z.object({ path: z.string(), title: z.string(), body: z.string() });
export type WebsitePageDto = z.infer<typeof WebsitePageDto>;

export const WebsiteConfigDto = z.object({
  tenant: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
  /** The public part of the settings map (no secret keys). */
  settings: z.record(z.string(), z.string()),
  /** `updatedAt`: when the page last changed (ISO 8601), the sitemap's lastmod. */
  pages: z.array(z.object({ path: z.string(), title: z.string(), updatedAt: z.string() })),
});
export type WebsiteConfigDto = z.infer<typeof WebsiteConfigDto>;
