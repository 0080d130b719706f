import "server-only";

/**
 * Reads a request body of at most `limit` bytes, throwing `tooLarge()` past it: the declared
 * length is checked before reading, and the stream is cut off once it passes the limit (a chunked
 * body declares none). The caller picks the error, so the BFF and the platform each answer in their own type.
 */
export async function readBodyLimited(req: Request, limit: number, tooLarge: () => Error): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(req.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}
