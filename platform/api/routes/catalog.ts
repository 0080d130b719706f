import { z } from "zod";
import { PRODUCT_TYPES } from "../../db/schema";
import { getAvailability } from "../../services/availability";
import { getProduct, listProducts } from "../../services/catalog";
import { isPlatformDay } from "../../time";
import { route } from "../router";

const day = z.string().refine(isPlatformDay, "Expected a YYYY-MM-DD day");

const listQuery = z.object({ type: z.enum(PRODUCT_TYPES).optional() });

/** ?date= for fixed slots and variable duration; ?from=&days= for full-day bookings. */
const availabilityQuery = z.object({
  date: day.optional(),
  from: day.optional(),
  days: z.coerce.number().int().min(1).max(180).optional(),
});

const queryObject = (q: URLSearchParams) => Object.fromEntries([...q.entries()].filter(([, v]) => v !== ""));

route("GET", "products", ({ db, tenant, locale, query }) => {
  const { type } = listQuery.parse(queryObject(query));
  return listProducts(db, tenant.id, { type, locale });
});

route("GET", "products/:id", ({ db, tenant, locale, params }) => getProduct(db, tenant.id, params.id, locale));

route("GET", "products/:id/availability", ({ db, tenant, params, query }) =>
  getAvailability(db, tenant.id, params.id, availabilityQuery.parse(queryObject(query))),
);
