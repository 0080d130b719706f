import { website } from "@/contract/endpoints/website";
import { getWebsiteConfig, getWebsitePage } from "../../services/website";
import { handlers } from "../define";

export const websiteHandlers = handlers(website, {
  config: ({ db, tenant, locale }) => getWebsiteConfig(db, tenant.id, locale),
  page: ({ db, tenant, locale, params }) => getWebsitePage(db, tenant.id, params.path, locale),
});
