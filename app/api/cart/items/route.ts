import { cartRoute, readJson } from "@/lib/cart/bff";
import { addCartItemSchema } from "@/lib/cart/cart-input-schema";
import { addItem } from "@/lib/cart/cart-session";

export const dynamic = "force-dynamic";

/** Adds an item; the first add creates the cart and sets its cookie. */
export const POST = cartRoute(async (ctx) => addItem(ctx, addCartItemSchema.parse(await readJson(ctx.req))));
