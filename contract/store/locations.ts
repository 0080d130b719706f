import { z } from "zod";
import { platformApi } from "../api";
import { LocationDto } from "../dto/locations";
import { CreateLocationInput } from "../input/locations";
import { EntityId } from "../input/ids";
import { JSON_BODY_LIMIT } from "../limits";
import { codesOf, storeGroup } from "./endpoint";
import { locationsRoutes } from "./routes/locations";

const { locations: platformLocations } = platformApi;

/**
 * `?latitude&longitude` as sent: the platform checks them with the contract's schema (PositionQuery),
 * and signed out nothing is asked of it, so even a query it would refuse answers quietly.
 */
const NearQuery = z.object({ latitude: z.string().default(""), longitude: z.string().default("") });

/** Spec §6: location reads quietly return nothing signed out (or when the platform refuses the token). */
export const locations = storeGroup(locationsRoutes, {
  list: {
    summary: "The signed-in customer's saved locations, newest first; signed out, quietly none",
    session: "optional",
    response: z.array(LocationDto),
    codes: [],
  },
  create: {
    summary: "Saves a location (201); the 7th is the platform's 409 SP:MaximumLocationsReached",
    session: "required",
    idempotencyKey: "forward",
    body: CreateLocationInput,
    limit: JSON_BODY_LIMIT,
    response: LocationDto,
    status: 201,
    codes: codesOf(platformLocations.create),
  },
  remove: {
    summary:
      "Deletes one of the customer's saved locations (another customer's id is the platform's 404); answers null",
    session: "required",
    idempotencyKey: "forward",
    params: z.object({ id: EntityId }),
    response: z.null(),
    codes: codesOf(platformLocations.delete),
  },
  closest: {
    summary: "The saved location within 500 m of ?latitude&longitude, or null (also when signed out)",
    session: "optional",
    query: NearQuery,
    response: LocationDto.nullable(),
    codes: codesOf(platformLocations.closest),
  },
  suggestion: {
    summary: "Spec §7's suggestion check near ?latitude&longitude: {suggestion}, null when none (or signed out)",
    session: "optional",
    query: NearQuery,
    response: platformLocations.suggestion.response,
    codes: codesOf(platformLocations.suggestion),
  },
});
