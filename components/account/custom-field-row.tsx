"use client";

import { Controller, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { useTranslations } from "next-intl";
import { FormMessage } from "@/components/ui/form-message";
import { Input, inputClassName } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { DateInput } from "@/components/ui/date-input";
import { cn } from "@/lib/cn";
import type { CustomFieldDefinitionDto } from "@/contract/dto/customers";
import { UploadField } from "./upload-field";

type Props<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  definition: CustomFieldDefinitionDto;
  id: string;
  errorId: string;
  /** The field's message, already translated (its rule's, the platform's or the file's). */
  error: string | undefined;
  /** A problem with a chosen file itself (too large, wrong type). */
  onFileError: (message: string | null) => void;
  /** After an upload or its removal, so that the form can check the field again at once. */
  onFileChange?: () => void;
};

/**
 * One custom field of the tenant (spec §5) in any react-hook-form form: label with the red
 * asterisk when required, the input its type calls for (uploads for documents and images), and
 * its error. Used by the account settings and the checkout's customer step.
 */
export function CustomFieldRow<T extends FieldValues>({
  control,
  name,
  definition: d,
  id,
  errorId,
  error,
  onFileError,
  onFileChange,
}: Props<T>) {
  const t = useTranslations("account.settings");
  const common = {
    id,
    "aria-required": d.isRequired || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
  };
  return (
    <div className="grid gap-2">
      <Label htmlFor={id} required={d.isRequired}>
        {d.label}
      </Label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => {
          const input = {
            ...common,
            name: field.name,
            value: field.value ?? "",
            onChange: field.onChange,
            onBlur: field.onBlur,
            ref: field.ref,
          };
          switch (d.type) {
            case "number":
              return <Input {...input} inputMode="decimal" dir="ltr" className="text-start tabular rtl:text-end" />;
            case "date":
              return <DateInput {...input} />;
            case "select":
              return (
                <select {...input} className={cn(inputClassName, "appearance-auto")}>
                  <option value="">{t("choose")}</option>
                  {(d.options ?? []).map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              );
            case "document":
            case "image":
              return (
                <UploadField
                  id={id}
                  kind={d.type}
                  label={d.label}
                  value={field.value ?? ""}
                  onChange={(v) => {
                    field.onChange(v);
                    onFileChange?.();
                  }}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  invalid={Boolean(error)}
                  describedBy={error ? errorId : undefined}
                  onError={onFileError}
                />
              );
            default:
              return <Input {...input} />;
          }
        }}
      />
      <FormMessage id={errorId}>{error}</FormMessage>
    </div>
  );
}
