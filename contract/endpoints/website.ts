import { z } from "zod";
import { WebsiteConfigDto, WebsitePageDto } from "../dto/website";
import { endpoint } from "../endpoint";
import { publicReadRoutes } from "../public-reads";

/** The store's website: its public settings and content pages (spec §7: fetch website config). */
export const website = {
  config: endpoint({
    ...publicReadRoutes.websiteConfig,
    auth: "public",
    summary: "The store's name, public settings and the list of its content pages",
    response: WebsiteConfigDto,
    codes: [],
  }),
  page: endpoint({
    method: "GET",
    path: "website/pages/*path",
    auth: "public",
    summary: "One content page by its path (e.g. z/terms-and-conditions)",
    params: z.object({ path: z.string().min(1).max(500) }),
    response: WebsitePageDto,
    codes: ["SP:EntityNotFound"],
  }),
};
