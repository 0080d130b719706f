import { route } from "../router";
import { AddCartItemInput, UpdateCartItemInput } from "@/lib/validation/cart-input";
import { addCartItem, createCart, getCart, removeCartItem, resetCart, updateCartItem } from "../../services/cart";

route("POST", "cart", ({ db, tenant, locale }) => createCart(db, tenant.id, locale));

route("GET", "cart/:id", ({ db, tenant, locale, params }) => getCart(db, tenant.id, params.id, locale));

route("POST", "cart/:id/items", async ({ db, tenant, locale, params, json }) =>
  addCartItem(db, tenant.id, params.id, AddCartItemInput.parse(await json()), locale),
);

route("PUT", "cart/:id/items/:itemId", async ({ db, tenant, locale, params, json }) =>
  updateCartItem(db, tenant.id, params.id, params.itemId, UpdateCartItemInput.parse(await json()), locale),
);

route("DELETE", "cart/:id/items/:itemId", ({ db, tenant, locale, params }) => removeCartItem(db, tenant.id, params.id, params.itemId, locale));

route("POST", "cart/:id/reset", ({ db, tenant, locale, params }) => resetCart(db, tenant.id, params.id, locale));
