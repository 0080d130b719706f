"use client";

import { useId, useState, type KeyboardEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BookmarkCheck } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { toast } from "@/components/toast";
import { useCartErrorMessage } from "@/components/cart/use-cart-error-message";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { Input, inputClassName } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/cn";
import type { PresetValueDto } from "@/contract/dto/presets";
import { customFieldError } from "@/lib/validation/account";
import { normalizeFieldValue } from "@/contract/custom-field-values";
import { CartApiError } from "@/components/cart/cart-api";
import { checkoutApi, type CheckoutPresetDto } from "./checkout-api";

const NEW = "new";

const presetsKey = (locale: string) => ["checkout", "presets", locale] as const;

function valuesOf(preset: CheckoutPresetDto, saved: PresetValueDto | undefined): Record<string, string> {
  return Object.fromEntries(preset.fields.map((f) => [f.name, saved?.values[f.name] ?? ""]));
}

/** How a saved value is named in the list: its first filled field. */
function savedLabel(preset: CheckoutPresetDto, value: PresetValueDto): string {
  const first = preset.fields.map((f) => value.values[f.name]).find(Boolean);
  return first ?? value.createdAt.slice(0, 10);
}

// Enter in a preset's field must not submit the checkout form these fields sit in.
const keepEnter = (e: KeyboardEvent<HTMLElement>) => {
  if (e.key === "Enter") e.preventDefault();
};

function PresetCard({ preset }: { preset: CheckoutPresetDto }) {
  const t = useTranslations("checkout.presets");
  const tRoot = useTranslations();
  const locale = useLocale();
  const client = useQueryClient();
  const errorMessage = useCartErrorMessage();
  const baseId = useId();
  const [selectedId, setSelectedId] = useState<string>(preset.values[0]?.id ?? NEW);
  const selected = preset.values.find((v) => v.id === selectedId);
  const [values, setValues] = useState(() => valuesOf(preset, selected));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: () => {
      const body = { values: Object.fromEntries(preset.fields.map((f) => [f.name, normalizeFieldValue(f, values[f.name]) || null])) };
      return selected ? checkoutApi.updatePresetValue(locale, selected.id, body) : checkoutApi.createPresetValue(locale, preset.id, body);
    },
    onSuccess: (saved) => {
      setSelectedId(saved.id);
      toast.success(t("savedToast"));
      void client.invalidateQueries({ queryKey: presetsKey(locale) });
    },
    onError: (err) => {
      const field = err instanceof CartApiError && typeof err.details?.field === "string" ? err.details.field : null;
      if (field) setErrors({ [field]: errorMessage(err) });
      else toast.error(errorMessage(err), { duration: 6000 });
    },
  });

  const choose = (id: string) => {
    setSelectedId(id);
    setValues(valuesOf(preset, preset.values.find((v) => v.id === id)));
    setErrors({});
  };

  const submit = () => {
    const found = Object.fromEntries(
      preset.fields.flatMap((f) => {
        const key = customFieldError(f, values[f.name]);
        return key ? [[f.name, tRoot(key)]] : [];
      }),
    );
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };

  return (
    <fieldset className="grid gap-4 rounded-xl border border-border bg-card p-4">
      <legend className="flex items-center gap-2 px-1 text-sm font-semibold">
        <BookmarkCheck aria-hidden="true" className="size-4 text-primary" />
        {preset.name}
      </legend>
      {preset.values.length > 0 ? (
        <div className="grid gap-2">
          <Label htmlFor={`${baseId}-saved`}>{t("saved")}</Label>
          <select id={`${baseId}-saved`} value={selectedId} onChange={(e) => choose(e.target.value)} className={cn(inputClassName, "appearance-auto")}>
            {preset.values.map((v) => (
              <option key={v.id} value={v.id}>
                {savedLabel(preset, v)}
              </option>
            ))}
            <option value={NEW}>{t("new")}</option>
          </select>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t("hint")}</p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {preset.fields.map((f) => {
          const id = `${baseId}-${f.name}`;
          const error = errors[f.name];
          return (
            <div key={f.name} className="grid gap-2">
              <Label htmlFor={id} required={f.isRequired}>
                {f.label}
              </Label>
              <Input
                id={id}
                type={f.type === "date" ? "date" : "text"}
                inputMode={f.type === "number" ? "decimal" : undefined}
                value={values[f.name] ?? ""}
                onChange={(e) => setValues((prev) => ({ ...prev, [f.name]: e.target.value }))}
                onKeyDown={keepEnter}
                aria-required={f.isRequired || undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
              />
              <FormMessage id={`${id}-error`}>{error}</FormMessage>
            </div>
          );
        })}
      </div>
      <div>
        <Button variant="outline" size="sm" onClick={submit} disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? t("saving") : selected ? t("update") : t("save")}
        </Button>
      </div>
    </fieldset>
  );
}

/**
 * The tenant's presets (spec §3, §7): groups of details the customer fills once and picks again
 * later. Choosing a saved value fills the fields; saving creates a value or updates the chosen one.
 */
export function PresetsSection() {
  const locale = useLocale();
  const presets = useQuery({ queryKey: presetsKey(locale), queryFn: () => checkoutApi.presets(locale) });
  if (!presets.data?.length) return null;
  return (
    <>
      {presets.data.map((preset) => (
        <PresetCard key={preset.id} preset={preset} />
      ))}
    </>
  );
}
