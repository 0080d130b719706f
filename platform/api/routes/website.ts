import { route } from "../router";
import { getWebsiteConfig, getWebsitePage } from "../../services/website";

route("GET", "website/config", ({ db, tenant, locale }) => getWebsiteConfig(db, tenant.id, locale));

// Page paths have several segments ("z/terms-and-conditions") and the router matches a fixed
// number of them, so the page route is registered for each depth up to MAX_PAGE_DEPTH.
const MAX_PAGE_DEPTH = 6;
for (let depth = 1; depth <= MAX_PAGE_DEPTH; depth++) {
  const params = Array.from({ length: depth }, (_, i) => `p${i}`);
  route("GET", `website/pages/${params.map((p) => `:${p}`).join("/")}`, ({ db, tenant, locale, params: values }) =>
    getWebsitePage(db, tenant.id, params.map((p) => values[p]).join("/"), locale),
  );
}
