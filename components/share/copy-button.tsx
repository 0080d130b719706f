"use client";

import { Copy } from "lucide-react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/toast";
import { Button } from "@/components/ui/button";
import { COPY_TOAST_MS } from "@/lib/checkout/payment-errors";
import { writeClipboard } from "@/lib/clipboard";

/** Copies a value and says so in a 2 s toast (spec §8: text.copied / text.copyFailed). */
export function CopyButton({ value, label, children }: { value: string; label: string; children?: React.ReactNode }) {
  const t = useTranslations("text");
  const copy = () =>
    writeClipboard(value).then(
      () => toast.success(t("copied"), { duration: COPY_TOAST_MS }),
      () => toast.error(t("copyFailed"), { duration: COPY_TOAST_MS }),
    );
  return (
    // With a visible text (children) it is an outlined button of its own; alone, an icon beside the value.
    <Button
      variant={children ? "outline" : "ghost"}
      size={children ? "sm" : "icon-sm"}
      aria-label={children ? undefined : label}
      title={label}
      onClick={() => void copy()}
    >
      <Copy aria-hidden="true" />
      {children}
    </Button>
  );
}
