import { route, type RouteContext } from "../router";
import { optionalCustomer, requireCustomer } from "../auth";
import { AddCartItemInput, UpdateCartItemInput } from "@/lib/validation/cart-input";
import { addCartItem, createCart, getCart, removeCartItem, resetCart, updateCartItem, type CartScope } from "../../services/cart";
import { assignCart } from "../../services/cart-assign";

// A bearer token is optional on cart calls: with one, the caller's own carts are visible too;
// a token that is sent must be valid (401 otherwise), so an expired session is noticed.
async function scope(ctx: RouteContext): Promise<CartScope> {
  const caller = await optionalCustomer(ctx);
  return { tenantId: ctx.tenant.id, customerId: caller?.customerId ?? null };
}

route("POST", "cart", async (ctx) => createCart(ctx.db, await scope(ctx), ctx.locale));

route("GET", "cart/:id", async (ctx) => getCart(ctx.db, await scope(ctx), ctx.params.id, ctx.locale));

route("POST", "cart/:id/items", async (ctx) => addCartItem(ctx.db, await scope(ctx), ctx.params.id, AddCartItemInput.parse(await ctx.json()), ctx.locale));

route("PUT", "cart/:id/items/:itemId", async (ctx) =>
  updateCartItem(ctx.db, await scope(ctx), ctx.params.id, ctx.params.itemId, UpdateCartItemInput.parse(await ctx.json()), ctx.locale),
);

route("DELETE", "cart/:id/items/:itemId", async (ctx) => removeCartItem(ctx.db, await scope(ctx), ctx.params.id, ctx.params.itemId, ctx.locale));

route("POST", "cart/:id/reset", async (ctx) => resetCart(ctx.db, await scope(ctx), ctx.params.id, ctx.locale));

route("POST", "cart/:id/assign", async (ctx) => {
  const { customerId } = await requireCustomer(ctx);
  return assignCart(ctx.db, { tenantId: ctx.tenant.id, customerId }, ctx.params.id, ctx.locale);
});
