import { cartRoute, readJson } from "@/lib/cart/bff";
import { UpdateCartItemInput as updateCartItemSchema } from "@/contract/input/cart";
import { removeItem, updateItem } from "@/lib/cart/cart-session";

export const dynamic = "force-dynamic";

type Params = { itemId: string };

/** Changes the item's quantity (and optionally its price). */
export const PUT = cartRoute<Params>(async (ctx, { itemId }) =>
  updateItem(ctx, itemId, updateCartItemSchema.parse(await readJson(ctx.req))),
);

export const DELETE = cartRoute<Params>((ctx, { itemId }) => removeItem(ctx, itemId));
