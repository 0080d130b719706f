import { z } from "zod";

/**
 * Ids in paths: every entity id is a UUID, so anything else names nothing and is answered 404 by
 * the router before a query could fail on it.
 */
export const EntityId = z.guid();

export const IdParams = z.object({ id: EntityId });
export const CartIdParams = z.object({ cartId: EntityId });
export const CartItemParams = z.object({ id: EntityId, itemId: EntityId });

/** A placed order's link key (base64url HMAC, 32 characters); anything else names nothing. */
export const OrderLinkKey = z.string().regex(/^[A-Za-z0-9_-]{32}$/);
export const SharedOrderParams = z.object({ id: EntityId, key: OrderLinkKey });
