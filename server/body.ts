import { CodedError } from "@/contract/coded-error";
import { JSON_BODY_LIMIT, UPLOAD_BODY_LIMIT, UPLOAD_FILE_LIMIT } from "@/contract/limits";

/**
 * The one request-body reader of the platform and the BFF. The body is counted while it streams
 * and the read stops at the limit, so a huge or endless body costs at most the limit in memory:
 * the declared length is checked first, then every chunk (a chunked body declares none).
 */

export class BodyError extends CodedError {
  override name = "BodyError";
}

const tooLarge = (limit: number, code = "SP:PayloadTooLarge", message = "The request body is too large") =>
  new BodyError(413, code, message, { maxBytes: limit });

/** The body's bytes, at most `limit` of them; `over()` is the error past it. */
export async function readBytes(
  req: Request,
  limit: number,
  over: () => Error = () => tooLarge(limit),
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(req.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) {
    // Not read at all: closing the stream tells the server it may drop the connection.
    await req.body?.cancel().catch(() => {});
    throw over();
  }
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw over();
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

/** A JSON body of at most `limit` bytes; an empty body is `{}`. Malformed JSON is a 400 with a code. */
export async function readJsonBody(req: Request, limit = JSON_BODY_LIMIT): Promise<unknown> {
  const text = new TextDecoder().decode(await readBytes(req, limit));
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new BodyError(400, "SP:MalformedJson", "The request body is not valid JSON");
  }
}

/**
 * A multipart form of at most `limit` bytes (an upload: one file up to 5 MB and small fields).
 * Past the limit the answer names the file, the only part that can be that large.
 */
export async function readMultipartBody(req: Request, limit = UPLOAD_BODY_LIMIT): Promise<FormData> {
  const contentType = req.headers.get("content-type") ?? "";
  const malformed = () => new BodyError(400, "SP:MalformedMultipart", "The request body is not a valid multipart form");
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    await req.body?.cancel().catch(() => {});
    throw malformed();
  }
  const bytes = await readBytes(req, limit, () =>
    tooLarge(UPLOAD_FILE_LIMIT, "SP:FileTooLarge", "The file is larger than 5 MB"),
  );
  try {
    return await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw malformed();
  }
}
