import { z } from "zod";
import { multiLine, singleLine } from "@/rules/text";
import { EntityId } from "./ids";

/**
 * Delivery or pickup of a cart's merchandise (PUT cart/{id}/fulfilment), shared by the platform,
 * the BFF and the checkout form. Whether the store offers the kind, the position is in range and
 * the branch exists is the platform's to say, with its codes (SP:DeliveryLocationRequired,
 * SP:DeliveryOutOfRange, SP:PickupBranchRequired); a missing position or branch is answered with
 * those codes too, so the shape leaves them optional.
 */
export const FULFILMENT_KINDS = ["delivery", "pickup"] as const;
export type FulfilmentKind = (typeof FULFILMENT_KINDS)[number];

const coordinate = (limit: number) => z.number().min(-limit).max(limit);

/** District, street, building: what the driver reads at the door. */
export const AddressLine = singleLine(200, "validation.invalid").min(1, "validation.required");
/** A note for the driver; empty means none. */
export const DriverNote = multiLine(300)
  .nullish()
  .transform((v) => v || null);

export const SetFulfilmentInput = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("delivery"),
    latitude: coordinate(90).nullish(),
    longitude: coordinate(180).nullish(),
    addressLine: AddressLine,
    driverNote: DriverNote,
    /** The saved location the position came from (its label is copied); none: the current position. */
    locationId: EntityId.nullish(),
  }),
  z.object({ kind: z.literal("pickup"), branchId: EntityId.nullish() }),
]);
export type SetFulfilmentInput = z.output<typeof SetFulfilmentInput>;
export type SetFulfilmentBody = z.input<typeof SetFulfilmentInput>;

/** `?latitude&longitude` of the pickup branches' list, as sent: absent or unreadable means unknown. */
export const BranchesQuery = z.object({
  latitude: z.string().max(40).optional(),
  longitude: z.string().max(40).optional(),
});
