import { catalog } from "@/contract/endpoints/catalog";
import { getAvailability } from "../../services/availability";
import { getProduct, getProductBySlug, listProducts } from "../../services/catalog";
import { handlers } from "../define";

export const catalogHandlers = handlers(catalog, {
  list: ({ db, tenant, locale, query }) => listProducts(db, tenant.id, { type: query.type, locale }),
  get: ({ db, tenant, locale, params }) => getProduct(db, tenant.id, params.id, locale),
  bySlug: ({ db, tenant, locale, params }) => getProductBySlug(db, tenant.id, params.slug, locale),
  availability: ({ db, tenant, params, query }) => getAvailability(db, tenant.id, params.id, query),
});
