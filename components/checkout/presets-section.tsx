"use client";

import { useId, useState, type KeyboardEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BookmarkCheck, Star, Trash2 } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { toast } from "@/components/toast";
import { useFailureMessage } from "@/lib/use-failure-message";
import { Button } from "@/components/ui/button";
import { ConfirmInline } from "@/components/ui/confirm-inline";
import { FormMessage } from "@/components/ui/form-message";
import { Input, inputClassName } from "@/components/ui/input";
import { DateInput } from "@/components/ui/date-input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/cn";
import type { PresetValueDto } from "@/contract/dto/presets";
import { customFieldError } from "@/lib/validation/account";
import { normalizeFieldValue } from "@/rules/custom-field-values";
import type { CheckoutPresetDto } from "@/contract/store/checkout";
import { StoreApiError } from "@/lib/client-fetch";
import { checkoutApi } from "@/lib/store-client/checkout";

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

/** What a preset's field carries whatever its kind: its label's id, Enter kept, its state for assistive tech. */
const fieldProps = (id: string, required: boolean, error: string | undefined) => ({
  id,
  onKeyDown: keepEnter,
  "aria-required": required || undefined,
  "aria-invalid": error ? true : undefined,
  "aria-describedby": error ? `${id}-error` : undefined,
});

function PresetCard({ preset }: { preset: CheckoutPresetDto }) {
  const t = useTranslations("checkout.presets");
  const tRoot = useTranslations();
  const locale = useLocale();
  const client = useQueryClient();
  const errorMessage = useFailureMessage();
  const baseId = useId();
  const [selectedId, setSelectedId] = useState<string>(preset.values[0]?.id ?? NEW);
  const selected = preset.values.find((v) => v.id === selectedId);
  const [values, setValues] = useState(() => valuesOf(preset, selected));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: () => {
      const body = {
        values: Object.fromEntries(preset.fields.map((f) => [f.name, normalizeFieldValue(f, values[f.name]) || null])),
      };
      return selected
        ? checkoutApi.updatePresetValue({ params: { id: selected.id }, body }, { locale })
        : checkoutApi.createPresetValue({ query: { presetId: preset.id }, body }, { locale });
    },
    onSuccess: (saved) => {
      setSelectedId(saved.id);
      toast.success(t("savedToast"));
      void client.invalidateQueries({ queryKey: presetsKey(locale) });
    },
    onError: (err) => {
      const field = err instanceof StoreApiError && typeof err.details?.field === "string" ? err.details.field : null;
      if (field) setErrors({ [field]: errorMessage(err) });
      else toast.error(errorMessage(err), { duration: 6000 });
    },
  });

  // Deleting or making default changes the list only: what is typed in the fields stays.
  const settle = (message: string) => {
    toast.success(message);
    void client.invalidateQueries({ queryKey: presetsKey(locale) });
  };
  const failed = (err: unknown) => toast.error(errorMessage(err), { duration: 6000 });
  const remove = useMutation({
    mutationFn: (id: string) => checkoutApi.deletePresetValue({ params: { id } }, { locale }),
    onSuccess: (_, id) => {
      setConfirmingDelete(false);
      // The fields keep their values as new details, to save again or to edit.
      if (selectedId === id) setSelectedId(NEW);
      settle(t("deletedToast"));
    },
    onError: failed,
  });
  const makeDefault = useMutation({
    mutationFn: (id: string) => checkoutApi.setDefaultPresetValue({ params: { id } }, { locale }),
    onSuccess: () => settle(t("defaultToast")),
    onError: failed,
  });
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const busy = save.isPending || remove.isPending || makeDefault.isPending;

  const choose = (id: string) => {
    setConfirmingDelete(false);
    setSelectedId(id);
    setValues(
      valuesOf(
        preset,
        preset.values.find((v) => v.id === id),
      ),
    );
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
          <select
            id={`${baseId}-saved`}
            value={selectedId}
            onChange={(e) => choose(e.target.value)}
            className={cn(inputClassName, "appearance-auto")}
          >
            {preset.values.map((v) => (
              <option key={v.id} value={v.id}>
                {v.isDefault ? t("defaultLabel", { name: savedLabel(preset, v) }) : savedLabel(preset, v)}
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
              {f.type === "date" ? (
                <DateInput
                  {...fieldProps(id, f.isRequired, error)}
                  value={values[f.name] ?? ""}
                  onChange={(value) => setValues((prev) => ({ ...prev, [f.name]: value }))}
                />
              ) : (
                <Input
                  {...fieldProps(id, f.isRequired, error)}
                  inputMode={f.type === "number" ? "decimal" : undefined}
                  value={values[f.name] ?? ""}
                  onChange={(e) => setValues((prev) => ({ ...prev, [f.name]: e.target.value }))}
                />
              )}
              <FormMessage id={`${id}-error`}>{error}</FormMessage>
            </div>
          );
        })}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={submit} disabled={busy} aria-busy={save.isPending || undefined}>
          {save.isPending ? t("saving") : selected ? t("update") : t("save")}
        </Button>
        {selected && !selected.isDefault ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => makeDefault.mutate(selected.id)}
            disabled={busy}
            aria-busy={makeDefault.isPending || undefined}
          >
            <Star aria-hidden="true" />
            {t("makeDefault")}
          </Button>
        ) : null}
        {selected ? (
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive"
            onClick={() => setConfirmingDelete((v) => !v)}
            aria-expanded={confirmingDelete}
            disabled={busy}
          >
            <Trash2 aria-hidden="true" />
            {t("delete")}
          </Button>
        ) : null}
      </div>
      {selected && confirmingDelete ? (
        <ConfirmInline
          question={t("confirmDelete", { name: savedLabel(preset, selected) })}
          confirmLabel={t("delete")}
          cancelLabel={t("keep")}
          busy={remove.isPending}
          onCancel={() => setConfirmingDelete(false)}
          onConfirm={() => remove.mutate(selected.id)}
        />
      ) : null}
    </fieldset>
  );
}

/**
 * The tenant's presets (spec §3, §7): groups of details the customer fills once and picks again
 * later. Choosing a saved value fills the fields; saving creates a value or updates the chosen one;
 * a saved value can be made the default (chosen first next time) or deleted, after asking.
 */
export function PresetsSection() {
  const locale = useLocale();
  const presets = useQuery({ queryKey: presetsKey(locale), queryFn: () => checkoutApi.presets({}, { locale }) });
  if (!presets.data?.length) return null;
  return (
    <>
      {presets.data.map((preset) => (
        <PresetCard key={preset.id} preset={preset} />
      ))}
    </>
  );
}
