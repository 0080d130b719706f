import { BffError, bffRoute, platformFor } from "@/lib/cart/bff";
import { orNull } from "@/lib/platform-client/core";
import { requireToken } from "@/lib/session/session-view";

export const dynamic = "force-dynamic";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new BffError(404, "SP:EntityNotFound", "No such pass");

/**
 * "Add to Apple Wallet": the signed-in customer's paid booking or subscription as a .pkpass, made
 * and signed by the platform with the store's certificate. Safari hands the file to Wallet.
 */
export const GET = bffRoute<Response, { cartId: string; itemId: string }>(async (ctx, { cartId, itemId }) => {
  if (!UUID.test(cartId) || !UUID.test(itemId)) throw notFound();
  const pass = await orNull(
    platformFor(ctx, await requireToken(ctx)).account.walletPass({ params: { id: cartId, itemId } }),
  );
  if (!pass) throw notFound();
  return new Response(pass.body, {
    headers: {
      "content-type": "application/vnd.apple.pkpass",
      "content-disposition": `attachment; filename="booking-${itemId.slice(0, 8)}.pkpass"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
});
