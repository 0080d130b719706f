"use client";

import { Copy } from "lucide-react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/toast";
import { Button } from "@/components/ui/button";
import { COPY_TOAST_MS } from "@/lib/checkout/payment-errors";

/**
 * The Clipboard API exists only in secure contexts (https, localhost); a store opened over plain
 * http on a LAN address still copies through a hidden field and the older copy command.
 */
async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  const field = document.createElement("textarea");
  field.value = text;
  field.setAttribute("readonly", "");
  field.style.position = "fixed";
  field.style.opacity = "0";
  document.body.appendChild(field);
  field.select();
  const copied = document.execCommand("copy");
  field.remove();
  if (!copied) throw new Error("copy refused");
}

/** Copies a value and says so in a 2 s toast (spec §8: text.copied / text.copyFailed). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const t = useTranslations("text");
  const copy = () =>
    writeClipboard(value).then(
      () => toast.success(t("copied"), { duration: COPY_TOAST_MS }),
      () => toast.error(t("copyFailed"), { duration: COPY_TOAST_MS }),
    );
  return (
    <Button variant="ghost" size="icon-sm" aria-label={label} title={label} onClick={() => void copy()}>
      <Copy aria-hidden="true" />
    </Button>
  );
}
