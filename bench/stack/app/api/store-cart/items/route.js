// POST {quantity}: adds the store's product, starting a cart (and its cookie) on the first add, as
// bench/stack's floor for the storefront's POST /api/cart/items.
import { cookies } from "next/headers";
import { addItem, COOKIE, database, firstProduct, newCart } from "../../../../lib/cart-db";

export const dynamic = "force-dynamic";

let product;

export async function POST(request) {
  const { quantity = 1 } = await request.json();
  const db = await database();
  product ??= await firstProduct(db);
  const jar = await cookies();
  let cartId = jar.get(COOKIE)?.value;
  if (!cartId) {
    cartId = await newCart(db);
    jar.set(COOKIE, cartId, { httpOnly: true, sameSite: "lax", path: "/" });
  }
  const cart = await addItem(db, cartId, product, quantity);
  return cart ? Response.json({ data: cart }) : Response.json({ error: "refused" }, { status: 409 });
}
