"use client";

import { useState, type ComponentProps } from "react";
import { useTranslations } from "next-intl";
import { Input } from "@/components/ui/input";
import { parseTypedDay, showTypedDay } from "@/lib/typed-day";

type Props = Omit<ComponentProps<"input">, "value" | "onChange" | "type"> & {
  /** An ISO day ("1990-12-25"), or what was typed when it names no day yet. */
  value: string;
  onChange: (value: string) => void;
};

/**
 * A day field whose mask is in the page's language (day/month/year): the browser's own date field
 * shows the device's ("mm/dd/yyyy" on an English phone reading the Arabic store). Gives the form
 * the ISO day once the text names one, else the text itself, which the form's check then refuses.
 */
export function DateInput({ value, onChange, ...props }: Props) {
  const t = useTranslations("common.date");
  const [text, setText] = useState(() => showTypedDay(value));
  // A value set from outside (a reset, a saved record) replaces what was typed.
  const shown = value === text || parseTypedDay(text) === value ? text : showTypedDay(value);
  return (
    <Input
      {...props}
      type="text"
      inputMode="numeric"
      placeholder={t("placeholder")}
      value={shown}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parseTypedDay(e.target.value) ?? e.target.value);
      }}
      className="tabular"
    />
  );
}
