import { BffError, bffRoute } from "@/lib/cart/bff";
import { uploadFile } from "@/lib/platform-client/customers";
import { requireToken } from "@/lib/session/session-view";

export const dynamic = "force-dynamic";

/** Spec §9: files up to 5 MB; the multipart envelope gets a little room on top. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;
const MAX_BODY_BYTES = MAX_FILE_BYTES + 64 * 1024;

const tooLarge = () => new BffError(413, "SP:FileTooLarge", "The file is larger than 5 MB");

/**
 * A custom-field document or image, passed on to the platform (which sniffs the type from the
 * bytes and names it). Answers {name, contentType, size}; `name` becomes the field's value.
 */
export const POST = bffRoute(async (ctx) => {
  const token = await requireToken(ctx);
  // Refuse an announced oversize body before reading it.
  if (Number(ctx.req.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) throw tooLarge();
  let form: FormData;
  try {
    form = await ctx.req.formData();
  } catch {
    throw new BffError(400, "SP:FileRequired", "Choose a file to upload");
  }
  const file = form.get("file");
  if (!(file instanceof Blob) || file.size === 0) throw new BffError(400, "SP:FileRequired", "Choose a file to upload");
  if (file.size > MAX_FILE_BYTES) throw tooLarge();
  return uploadFile(ctx.tenant, token, file, "custom-field", ctx.locale);
});
