import { BffError, bffRoute, platformFor } from "@/lib/cart/bff";
import { orNull } from "@/lib/platform-client/core";
import { requireToken } from "@/lib/session/session-view";

export const dynamic = "force-dynamic";

/** Server-made upload names only (`<uuid>.<ext>`): nothing else is ever looked up. */
const UPLOAD_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpe?g|webp|gif|pdf)$/i;

const notFound = () => new BffError(404, "SP:EntityNotFound", "No such file");

/** One of the signed-in customer's uploads (an image preview, a document), to its owner only. */
export const GET = bffRoute<Response, { name: string }>(async (ctx, { name }) => {
  if (!UPLOAD_NAME.test(name)) throw notFound();
  const upload = await orNull(platformFor(ctx, await requireToken(ctx)).customers.download({ params: { name } }));
  if (!upload) throw notFound();
  return new Response(upload.body, {
    headers: {
      "content-type": upload.headers.get("content-type") ?? "application/octet-stream",
      "content-disposition": "inline",
      // Personal data: never kept by a shared cache; the type is the sniffed one, never guessed again.
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
    },
  });
});
