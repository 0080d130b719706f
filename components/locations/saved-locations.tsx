"use client";

import { useRef, useState } from "react";
import { Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { ConfirmInline } from "@/components/ui/confirm-inline";
import { RadioCard, RadioGroup } from "@/components/ui/radio-group";
import type { LocationDto } from "@/lib/locations/types";
import { LocationIcon } from "./location-icon";

type Props = {
  locations: LocationDto[];
  selectedId: string | null;
  /** `close`: the choice was a tap or click (arrow keys only move the choice, the sheet stays). */
  onSelect: (location: LocationDto, close: boolean) => void;
  onDelete: (location: LocationDto) => void;
  deletingId: string | null;
  legend: string;
};

/**
 * The customer's saved locations as radio cards (the selected one checked), each with its delete
 * button; a delete is asked once more before it is done.
 */
export function SavedLocations({ locations, selectedId, onSelect, onDelete, deletingId, legend }: Props) {
  const t = useTranslations("locations");
  const byPointer = useRef(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  return (
    <RadioGroup
      legend={legend}
      legendClassName="sr-only"
      className="space-y-2"
      onPointerDown={() => (byPointer.current = true)}
      onKeyDown={() => (byPointer.current = false)}
    >
      {locations.map((location) => {
        const label = t(`types.${location.type}`);
        const name = location.description ? `${label} ${location.description}` : label;
        return (
          <div key={location.id} className="grid gap-2">
            <div className="flex items-stretch gap-2">
              <RadioCard
                name="saved-location"
                value={location.id}
                checked={location.id === selectedId}
                onChange={() => onSelect(location, byPointer.current)}
                className="min-w-0 flex-1"
              >
                <LocationIcon type={location.type} />
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold">{label}</span>
                  {location.description ? (
                    <span dir="auto" className="block truncate text-xs text-muted-foreground">
                      {location.description}
                    </span>
                  ) : null}
                </span>
              </RadioCard>
              <Button
                variant="ghost"
                size="icon"
                className="h-auto min-h-11 w-11 text-muted-foreground hover:text-destructive"
                aria-label={t("saved.delete", { name })}
                aria-expanded={confirming === location.id}
                disabled={deletingId === location.id}
                onClick={() => setConfirming(confirming === location.id ? null : location.id)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
            {confirming === location.id ? (
              <ConfirmInline
                question={t("saved.confirmDelete", { name })}
                confirmLabel={t("saved.confirmYes")}
                cancelLabel={t("saved.confirmNo")}
                busy={deletingId === location.id}
                onCancel={() => setConfirming(null)}
                onConfirm={() => {
                  setConfirming(null);
                  onDelete(location);
                }}
              />
            ) : null}
          </div>
        );
      })}
    </RadioGroup>
  );
}
