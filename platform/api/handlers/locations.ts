import { locations } from "@/contract/endpoints/locations";
import {
  closestLocation,
  createLocation,
  deleteLocation,
  listLocations,
  locationSuggestion,
} from "../../services/locations";
import { handlers } from "../define";

export const locationsHandlers = handlers(locations, {
  list: ({ db, tenant, customer }) => listLocations(db, tenant.id, customer.customerId),
  closest: ({ db, tenant, customer, query }) => closestLocation(db, tenant.id, customer.customerId, query),
  suggestion: ({ db, tenant, customer, query }) => locationSuggestion(db, tenant.id, customer.customerId, query),
  create: ({ db, tenant, customer, body }) => createLocation(db, tenant.id, customer.customerId, body),
  delete: async ({ db, tenant, customer, params }) => {
    await deleteLocation(db, tenant.id, customer.customerId, params.id);
    return null;
  },
});
