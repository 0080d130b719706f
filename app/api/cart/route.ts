import { cartRoute } from "@/lib/cart/bff";
import { readCart } from "@/lib/cart/cart-session";

export const dynamic = "force-dynamic";

/** The shopper's cart for this host's tenant, or null. */
export const GET = cartRoute((ctx) => readCart(ctx));
