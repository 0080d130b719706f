// GET: the shopper's cart (its cookie names it), as bench/stack's floor for the storefront's GET /api/cart.
import { cookies } from "next/headers";
import { COOKIE, database, readCart } from "../../../lib/cart-db";

export const dynamic = "force-dynamic";

export async function GET() {
  const cartId = (await cookies()).get(COOKIE)?.value;
  const cart = cartId ? await readCart(await database(), cartId) : null;
  return Response.json({ data: cart });
}
