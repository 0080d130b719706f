import { z } from "zod";
import { LocationDto, LocationSuggestionDto } from "../dto/locations";
import { endpoint } from "../endpoint";
import { IdParams } from "../input/ids";
import { CreateLocationInput, PositionQuery } from "../input/locations";

/** The caller's saved locations in this store (spec §7, §9: at most 6), nobody else's. */
export const locations = {
  list: endpoint({
    method: "GET",
    path: "customer-locations",
    auth: "customer",
    summary: "The caller's saved locations",
    response: z.array(LocationDto),
    codes: [],
  }),
  closest: endpoint({
    method: "GET",
    path: "customer-locations/closest",
    auth: "customer",
    summary: "The saved location within 500 m of a position (404 when none: spec §7 reads it as null)",
    query: PositionQuery,
    response: LocationDto,
    codes: ["SP:EntityNotFound"],
  }),
  suggestion: endpoint({
    method: "GET",
    path: "customer-locations/suggestion",
    auth: "customer",
    summary: "A saved location to offer instead of the current position, if one is near",
    query: PositionQuery,
    response: LocationSuggestionDto,
    codes: [],
  }),
  create: endpoint({
    method: "POST",
    path: "customer-locations",
    auth: "customer",
    summary: "Saves a location",
    body: CreateLocationInput,
    response: LocationDto,
    status: 201,
    codes: ["SP:MaximumLocationsReached"],
  }),
  delete: endpoint({
    method: "DELETE",
    path: "customer-locations/:id",
    auth: "customer",
    summary: "Deletes a saved location",
    params: IdParams,
    response: z.null(),
    codes: ["SP:EntityNotFound"],
  }),
};
