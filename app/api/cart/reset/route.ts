import { cartRoute } from "@/lib/cart/bff";
import { emptyCart } from "@/lib/cart/cart-session";

export const dynamic = "force-dynamic";

/** Empties the shopper's cart. */
export const POST = cartRoute((ctx) => emptyCart(ctx));
