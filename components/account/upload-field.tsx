"use client";

import { useEffect, useState } from "react";
import { FileText, Upload, X } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { accountApi } from "@/lib/store-client/account";
import { useFailureMessage } from "@/lib/use-failure-message";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { UPLOAD_FILE_LIMIT } from "@/contract/limits";

/** Spec §9 and the platform's limit: 5 MB. */
export const MAX_UPLOAD_BYTES = UPLOAD_FILE_LIMIT;

const IMAGE_TYPES = "image/png,image/jpeg,image/webp,image/gif";
const DOCUMENT_TYPES = `application/pdf,.pdf,${IMAGE_TYPES}`;

type Props = {
  id: string;
  kind: "document" | "image";
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef: (el: HTMLInputElement | null) => void;
  invalid: boolean;
  describedBy?: string;
  /** A problem with the file itself (too large, wrong type), shown with the field's other errors. */
  onError: (message: string | null) => void;
};

/**
 * A document or image custom field: the file goes to the platform as soon as it is chosen and the
 * field keeps the server-made name. Images show a preview (the owner's copy through the BFF),
 * documents their file name and a link to open them.
 */
export function UploadField({
  id,
  kind,
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  invalid,
  describedBy,
  onError,
}: Props) {
  const t = useTranslations("account.settings");
  const locale = useLocale();
  const errorMessage = useFailureMessage();
  const [uploading, setUploading] = useState(false);
  const [fileName, setFileName] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  // The local preview's object URL is released when replaced or when the field goes away.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    onError(null);
    if (file.size > MAX_UPLOAD_BYTES) {
      onError(t("fileTooLarge"));
      return;
    }
    setUploading(true);
    try {
      const form = new FormData();
      form.set("file", file);
      const uploaded = await accountApi.upload({ body: form }, { locale });
      setFileName(file.name);
      setPreview(kind === "image" ? URL.createObjectURL(file) : null);
      onChange(uploaded.name);
    } catch (err) {
      onError(errorMessage(err));
    } finally {
      setUploading(false);
      // The same file can be chosen again after a refusal.
      input.value = "";
    }
  };

  const remove = () => {
    setFileName(null);
    setPreview(null);
    onError(null);
    onChange("");
  };

  return (
    <div
      className={cn(
        "grid gap-3 rounded-xl border border-dashed bg-card p-3",
        invalid ? "border-destructive" : "border-input",
      )}
    >
      {value ? (
        <div className="flex items-center gap-3">
          {kind === "image" ? (
            // eslint-disable-next-line @next/next/no-img-element -- a private file behind the session cookie, not an optimisable asset
            <img
              src={preview ?? accountApi.uploadFile.href({ params: { name: value } })}
              alt={t("imagePreview", { label })}
              className="size-20 shrink-0 rounded-lg border border-border bg-muted object-cover"
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary"
            >
              <FileText className="size-6" />
            </span>
          )}
          <div className="grid min-w-0 flex-1 gap-1">
            <p dir="auto" className="truncate text-sm font-medium">
              {fileName ?? (kind === "image" ? t("uploadedImage") : t("uploadedDocument"))}
            </p>
            <a
              href={accountApi.uploadFile.href({ params: { name: value } })}
              target="_blank"
              rel="noopener"
              aria-label={t("viewFileLabel", { label })}
              className="w-fit text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              {t("viewFile")}
            </a>
          </div>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={kind === "image" ? IMAGE_TYPES : DOCUMENT_TYPES}
          className="peer sr-only"
          // Named by the field alone: the styled label below is only its visible face.
          aria-label={label}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          disabled={uploading}
          onBlur={onBlur}
          onChange={(e) => void choose(e.currentTarget)}
        />
        <label
          htmlFor={id}
          aria-hidden="true"
          className={cn(
            buttonVariants({ variant: "outline", size: "sm" }),
            "cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring",
            uploading && "pointer-events-none opacity-60",
          )}
        >
          <Upload aria-hidden="true" />
          {uploading ? t("uploading") : value ? t("replaceFile") : t("chooseFile")}
        </label>
        {value && !uploading ? (
          <button
            type="button"
            onClick={remove}
            aria-label={t("removeFileLabel", { label })}
            className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "text-destructive")}
          >
            <X aria-hidden="true" />
            {t("removeFile")}
          </button>
        ) : null}
        {uploading ? (
          <span role="status" className="sr-only">
            {t("uploading")}
          </span>
        ) : null}
      </div>
      <p className="text-xs text-muted-foreground">{kind === "image" ? t("imageHint") : t("documentHint")}</p>
    </div>
  );
}
