import { z } from "zod";
import { platformApi } from "../api";
import { CartDto } from "../dto/cart";
import { EntityId } from "../input/ids";
import { AddCartItemInput, UpdateCartItemInput } from "../input/cart";
import { JSON_BODY_LIMIT } from "../limits";
import { codesOf, storeGroup } from "./endpoint";
import { cartRoutes } from "./routes/cart";

const { cart: platformCart } = platformApi;
const ItemParams = z.object({ itemId: EntityId });

/**
 * The shopper's cart. A cookie naming a cart that is gone or completed means "no cart": the cookie
 * is cleared and the next add starts a new cart. A signed-in customer's cart answers only to their
 * token, so every call sends it (none for a guest).
 */
export const cart = storeGroup(cartRoutes, {
  get: {
    summary: "The shopper's cart for this host's store, or null",
    session: "optional",
    cart: "read",
    response: CartDto.nullable(),
    codes: [],
  },
  addItem: {
    summary: "Adds an item; the first add creates the cart and sets its cookie",
    session: "optional",
    cart: "create",
    idempotencyKey: "forward",
    body: AddCartItemInput,
    limit: JSON_BODY_LIMIT,
    response: CartDto,
    codes: codesOf(platformCart.create, platformCart.addItem),
  },
  updateItem: {
    summary: "Changes an item's quantity (and optionally its price)",
    session: "optional",
    cart: "required",
    idempotencyKey: "forward",
    params: ItemParams,
    body: UpdateCartItemInput,
    limit: JSON_BODY_LIMIT,
    response: CartDto,
    codes: codesOf(platformCart.updateItem),
  },
  removeItem: {
    summary: "Removes an item",
    session: "optional",
    cart: "required",
    idempotencyKey: "forward",
    params: ItemParams,
    response: CartDto,
    codes: codesOf(platformCart.removeItem),
  },
  reset: {
    summary: "Empties the cart (null when there is none to empty)",
    session: "optional",
    cart: "read",
    idempotencyKey: "forward",
    response: CartDto.nullable(),
    codes: codesOf(platformCart.reset),
  },
});
