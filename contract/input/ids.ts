import { z } from "zod";

/**
 * Ids in paths: every entity id is a UUID, so anything else names nothing and is answered 404 by
 * the router before a query could fail on it.
 */
export const EntityId = z.guid();

export const IdParams = z.object({ id: EntityId });
export const CartIdParams = z.object({ cartId: EntityId });
export const CartItemParams = z.object({ id: EntityId, itemId: EntityId });
