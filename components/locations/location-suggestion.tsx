"use client";

import { useEffect, useId, useRef } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import type { LocationDto } from "@/lib/locations/types";
import { LocationIcon } from "./location-icon";

type Props = { location: LocationDto; onAccept: () => void; onDecline: () => void };

/**
 * The location suggestion dialog (spec §2): after the selected location is deleted, a saved one
 * near the shopper is offered. Shown inside the sheet (not a second modal over it), so the list
 * stays in view and reachable while the question waits.
 */
export function LocationSuggestion({ location, onAccept, onDecline }: Props) {
  const t = useTranslations("locations");
  const ids = { title: useId(), description: useId() };
  const yes = useRef<HTMLButtonElement>(null);
  const label = t(`types.${location.type}`);
  const name = location.description ? `${label} (${location.description})` : label;
  useEffect(() => yes.current?.focus(), []);
  return (
    <section
      role="alertdialog"
      aria-modal="false"
      aria-labelledby={ids.title}
      aria-describedby={ids.description}
      className="rounded-xl border border-primary/30 bg-primary-soft p-4"
    >
      <div className="flex gap-3">
        <LocationIcon type={location.type} />
        <div className="min-w-0 flex-1">
          <h3 id={ids.title} className="font-semibold">
            {t("suggestion.title", { name })}
          </h3>
          <p id={ids.description} className="mt-1 text-sm text-muted-foreground">
            {t("suggestion.description", { name })}
          </p>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button ref={yes} size="sm" onClick={onAccept}>
          {t("suggestion.yes")}
        </Button>
        <Button variant="outline" size="sm" onClick={onDecline}>
          {t("suggestion.no")}
        </Button>
      </div>
    </section>
  );
}
