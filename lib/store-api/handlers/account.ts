import "server-only";
import { account } from "@/contract/store/account";
import { UPLOAD_FILE_LIMIT } from "@/contract/limits";
import { orNull } from "@/lib/platform-client/core";
import { handlers, StoreRefusal } from "../context";

const tooLarge = () =>
  new StoreRefusal(413, "SP:FileTooLarge", "The file is larger than 5 MB", { maxBytes: UPLOAD_FILE_LIMIT });

export const accountHandlers = handlers(account, {
  updateProfile: (ctx) => ctx.platform().customers.updateProfile({ body: ctx.body }),
  updateCustomFields: (ctx) =>
    ctx.platform().customers.updateCustomFields({ body: { customFields: ctx.body.customFields } }),
  /** Passed on to the platform, which sniffs the type from the bytes and names the file; `name` becomes the field's value. */
  updateReminders: (ctx) => ctx.platform().customers.updateReminders({ body: ctx.body }),
  upload: (ctx) => {
    const file = ctx.body.get("file");
    if (!(file instanceof Blob) || file.size === 0)
      throw new StoreRefusal(400, "SP:FileRequired", "Choose a file to upload");
    if (file.size > UPLOAD_FILE_LIMIT) throw tooLarge();
    const upload = new FormData();
    upload.set("purpose", "custom-field");
    upload.set("file", file, "upload");
    return ctx.platform().customers.upload({ body: upload });
  },
  uploadFile: async (ctx) => {
    const upload = await orNull(ctx.platform().customers.download({ params: { name: ctx.params.name } }));
    if (!upload) throw new StoreRefusal(404, "SP:EntityNotFound", "No such file");
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
  },
});
