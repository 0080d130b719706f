import { z } from "zod";
import { SAVABLE_LOCATION_TYPES } from "./types";

/** Spec §5: the type is one of the list, the description optional (at most 200 characters, as the platform keeps). */
export const DESCRIPTION_MAX = 200;

/** The add form's values; errors are message keys of the `locations.add` namespace. */
export const newLocationFormSchema = z.object({
  type: z.enum(SAVABLE_LOCATION_TYPES),
  description: z.string().trim().max(DESCRIPTION_MAX, { message: "descriptionTooLong" }),
  latitude: z
    .number({ message: "invalidPosition" })
    .min(-90, { message: "invalidPosition" })
    .max(90, { message: "invalidPosition" }),
  longitude: z
    .number({ message: "invalidPosition" })
    .min(-180, { message: "invalidPosition" })
    .max(180, { message: "invalidPosition" }),
});
export type NewLocationForm = z.input<typeof newLocationFormSchema>;

/** The create call's body: an empty description is left out (the platform stores null). */
export function toCreateBody(form: z.output<typeof newLocationFormSchema>) {
  const { description, ...rest } = form;
  return description === "" ? rest : { ...rest, description };
}
