import type { UploadDto } from "@/contract/dto/customers";
import { sessionCall, type SessionView } from "@/components/auth/session-api";

/** The account's changes: profile, custom fields, uploads. */
export const accountApi = {
  updateProfile: (input: { name: string; email: string | null; phone_number: string | null }, locale: string) =>
    sessionCall<SessionView["customer"]>("PUT", "/profile", input, locale),
  updateCustomFields: (customFields: Record<string, string | null>, locale: string) =>
    sessionCall<SessionView["customer"]>("PUT", "/custom-fields", { customFields }, locale),
  upload: (file: File, locale: string) => {
    const form = new FormData();
    form.set("file", file);
    return sessionCall<UploadDto>("POST", "/uploads", form, locale);
  },
};
