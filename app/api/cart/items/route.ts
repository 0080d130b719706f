import { cartRoute, readJson } from "@/lib/cart/bff";
import { AddCartItemInput as addCartItemSchema } from "@/contract/input/cart";
import { addItem } from "@/lib/cart/cart-session";

export const dynamic = "force-dynamic";

/** Adds an item; the first add creates the cart and sets its cookie. */
export const POST = cartRoute(async (ctx) => addItem(ctx, addCartItemSchema.parse(await readJson(ctx.req))));
