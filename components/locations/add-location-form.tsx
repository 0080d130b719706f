"use client";

import dynamic from "next/dynamic";
import { useEffect, useId, useRef } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle, LocateFixed } from "lucide-react";
import { useTranslations } from "next-intl";
import { SheetBody, SheetFooter } from "@/components/cart/sheet-layout";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { Input, inputClassName } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/cn";
import { lastKnownPosition, requestCurrentPosition } from "@/lib/locations/current-position";
import {
  DESCRIPTION_MAX,
  newLocationFormSchema,
  toCreateBody,
  type NewLocationForm,
} from "@/lib/locations/new-location-form";
import { SAVABLE_LOCATION_TYPES, type Position } from "@/lib/locations/types";
import type { NewLocation } from "./use-locations";
import { MapPicker } from "./map-picker";

// Google's map code only for stores with a Maps key, and only once the form opens.
const GoogleMapPicker = dynamic(() => import("./google-map-picker").then((m) => m.GoogleMapPicker), { ssr: false });

type Props = {
  /** The tenant's Google Maps browser key: with one, a Google map; without, the plain grid picker. */
  mapsKey: string | null;
  start: Position;
  pending: boolean;
  onSave: (input: NewLocation) => void;
  onCancel: () => void;
};

/** Asks nothing: the device's position only when the visitor has already allowed it. */
async function positionIfAllowed(): Promise<Position | null> {
  try {
    const status = await navigator.permissions?.query({ name: "geolocation" });
    return status?.state === "granted" ? await requestCurrentPosition(5_000) : null;
  } catch {
    return null;
  }
}

/** The add-location form: the pin on the map (or its coordinates), the type and a description. */
export function AddLocationForm({ mapsKey, start, pending, onSave, onCancel }: Props) {
  const t = useTranslations("locations");
  const ids = { type: useId(), description: useId(), hint: useId(), lat: useId(), lng: useId(), error: useId() };
  const form = useForm<NewLocationForm>({
    resolver: zodResolver(newLocationFormSchema),
    defaultValues: { type: "home", description: "", latitude: start.latitude, longitude: start.longitude },
  });
  const heading = useRef<HTMLHeadingElement>(null);
  const [latitude, longitude] = useWatch({ control: form.control, name: ["latitude", "longitude"] });
  const position = Number.isFinite(latitude) && Number.isFinite(longitude) ? { latitude, longitude } : start;
  const errors = form.formState.errors;
  const positionError = errors.latitude ?? errors.longitude;

  const moveTo = (next: Position) => {
    form.setValue("latitude", next.latitude, { shouldValidate: true });
    form.setValue("longitude", next.longitude, { shouldValidate: true });
  };

  // The form replaces the list (and the button that opened it): its heading takes the focus, as a checkout step's does.
  useEffect(() => heading.current?.focus(), []);

  // No position known yet: start at the device's, when it is already allowed (no prompt on opening).
  useEffect(() => {
    if (lastKnownPosition()) return;
    let live = true;
    void positionIfAllowed().then((found) => {
      if (live && found && !form.formState.dirtyFields.latitude) moveTo(found);
    });
    return () => {
      live = false;
    };
    // Once, when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const locate = () => {
    requestCurrentPosition().then(moveTo, (err: unknown) => console.error("[locations] position unavailable", err));
  };

  return (
    <form
      noValidate
      className="flex min-h-0 flex-1 flex-col"
      onSubmit={form.handleSubmit((values) => onSave(toCreateBody(newLocationFormSchema.parse(values))))}
    >
      <SheetBody className="space-y-4 py-4">
        <h3 ref={heading} tabIndex={-1} className="font-display text-base font-bold outline-none">
          {t("add.title")}
        </h3>
        {mapsKey ? (
          <GoogleMapPicker apiKey={mapsKey} value={position} onChange={moveTo} />
        ) : (
          <MapPicker value={position} onChange={moveTo} />
        )}
        <div className="flex items-end gap-2">
          <div className="min-w-0 flex-1 space-y-1.5">
            <Label htmlFor={ids.lat}>{t("map.latitude")}</Label>
            <Input
              id={ids.lat}
              dir="ltr"
              type="number"
              inputMode="decimal"
              step="0.000001"
              aria-invalid={!!positionError}
              aria-describedby={positionError ? ids.error : undefined}
              {...form.register("latitude", { valueAsNumber: true })}
            />
          </div>
          <div className="min-w-0 flex-1 space-y-1.5">
            <Label htmlFor={ids.lng}>{t("map.longitude")}</Label>
            <Input
              id={ids.lng}
              dir="ltr"
              type="number"
              inputMode="decimal"
              step="0.000001"
              aria-invalid={!!positionError}
              aria-describedby={positionError ? ids.error : undefined}
              {...form.register("longitude", { valueAsNumber: true })}
            />
          </div>
          <Button
            variant="outline"
            size="icon"
            className="size-11"
            aria-label={t("map.locate")}
            title={t("map.locate")}
            onClick={locate}
          >
            <LocateFixed aria-hidden="true" />
          </Button>
        </div>
        <FormMessage id={ids.error}>{positionError?.message ? t(`add.${positionError.message}`) : null}</FormMessage>
        <div className="space-y-1.5">
          <Label htmlFor={ids.type}>{t("add.type")}</Label>
          <select id={ids.type} className={cn(inputClassName, "cursor-pointer")} {...form.register("type")}>
            {SAVABLE_LOCATION_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={ids.description}>{t("add.description")}</Label>
          <Input
            id={ids.description}
            dir="auto"
            maxLength={DESCRIPTION_MAX}
            autoComplete="off"
            aria-invalid={!!errors.description}
            aria-describedby={ids.hint}
            {...form.register("description")}
          />
          <p id={ids.hint} className="text-xs text-muted-foreground">
            {errors.description?.message ? null : t("add.descriptionHint")}
          </p>
          <FormMessage>
            {errors.description?.message ? t(`add.${errors.description.message}`, { max: DESCRIPTION_MAX }) : null}
          </FormMessage>
        </div>
      </SheetBody>
      <SheetFooter className="flex gap-2">
        <Button type="submit" size="lg" className="flex-1" disabled={pending} aria-busy={pending}>
          {pending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          {t("add.save")}
        </Button>
        <Button variant="outline" size="lg" onClick={onCancel}>
          {t("add.cancel")}
        </Button>
      </SheetFooter>
    </form>
  );
}
