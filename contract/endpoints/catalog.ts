import { z } from "zod";
import { AvailabilityDto, ProductDto } from "../dto/catalog";
import { endpoint } from "../endpoint";
import { AvailabilityQuery, ProductListQuery, SlugParams } from "../input/catalog";
import { IdParams } from "../input/ids";
import { publicReadRoutes } from "../public-reads";

/** Products and what can still be booked. */
export const catalog = {
  list: endpoint({
    method: "GET",
    path: "products",
    auth: "public",
    summary: "The store's products, all or of one kind",
    query: ProductListQuery,
    response: z.array(ProductDto),
    codes: [],
  }),
  get: endpoint({
    method: "GET",
    path: "products/:id",
    auth: "public",
    summary: "One product with its prices and booking rules",
    params: IdParams,
    response: ProductDto,
    codes: ["SP:EntityNotFound"],
  }),
  // Declared before products/:id/availability: the router takes the first pattern that fits, and a slug may read "availability".
  bySlug: endpoint({
    method: "GET",
    path: "products/slug/:slug",
    auth: "public",
    summary:
      "One product by its address in either language, or by an address it had before (then its slugs name the current one)",
    params: SlugParams,
    response: ProductDto,
    codes: ["SP:EntityNotFound"],
  }),
  availability: endpoint({
    ...publicReadRoutes.availability,
    auth: "public",
    summary: "A reservation's free slots (?date=), start times (variable duration) or days (?from=&days=)",
    params: IdParams,
    query: AvailabilityQuery,
    response: AvailabilityDto,
    codes: ["SP:EntityNotFound"],
  }),
};
