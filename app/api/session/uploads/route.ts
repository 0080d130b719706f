import { readMultipartBody } from "@/server/body";
import { UPLOAD_FILE_LIMIT } from "@/contract/limits";
import { BffError, bffRoute, platformFor } from "@/lib/cart/bff";
import { requireToken } from "@/lib/session/session-view";

export const dynamic = "force-dynamic";

const tooLarge = () =>
  new BffError(413, "SP:FileTooLarge", "The file is larger than 5 MB", { maxBytes: UPLOAD_FILE_LIMIT });

/**
 * A custom-field document or image, passed on to the platform (which sniffs the type from the
 * bytes and names it). Answers {name, contentType, size}; `name` becomes the field's value.
 */
export const POST = bffRoute(async (ctx) => {
  const token = await requireToken(ctx);
  const form = await readMultipartBody(ctx.req);
  const file = form.get("file");
  if (!(file instanceof Blob) || file.size === 0) throw new BffError(400, "SP:FileRequired", "Choose a file to upload");
  if (file.size > UPLOAD_FILE_LIMIT) throw tooLarge();
  const upload = new FormData();
  upload.set("purpose", "custom-field");
  upload.set("file", file, "upload");
  return platformFor(ctx, token).customers.upload({ body: upload });
});
