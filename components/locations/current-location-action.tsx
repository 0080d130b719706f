"use client";

import { useState } from "react";
import { Check, LoaderCircle, LocateFixed } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { PositionUnavailableError, requestCurrentPosition } from "@/lib/locations/current-position";
import { currentSelection, setSelectedLocation } from "@/lib/locations/selected-location";
import { closeLocationsSheet } from "./location-sheet-state";

type Status = "idle" | "locating" | "denied" | "unavailable";

/** "Use my current location": the device's position becomes the selection and the sheet closes. */
export function CurrentLocationAction({ selected }: { selected: boolean }) {
  const t = useTranslations("locations.current");
  const [status, setStatus] = useState<Status>("idle");
  const locate = async () => {
    setStatus("locating");
    try {
      setSelectedLocation(currentSelection(await requestCurrentPosition()));
      setStatus("idle");
      closeLocationsSheet();
    } catch (err) {
      setStatus(err instanceof PositionUnavailableError && err.reason === "denied" ? "denied" : "unavailable");
    }
  };
  return (
    <div className="space-y-2">
      <Button
        variant={selected ? "secondary" : "outline"}
        size="lg"
        className="w-full justify-start"
        aria-busy={status === "locating"}
        disabled={status === "locating"}
        onClick={() => void locate()}
      >
        {status === "locating" ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : (
          <LocateFixed aria-hidden="true" />
        )}
        <span className="flex-1 text-start">{t("use")}</span>
        {selected ? <Check aria-hidden="true" className="text-primary" /> : null}
      </Button>
      <p role="status" className={status === "locating" ? "text-xs text-muted-foreground" : "sr-only"}>
        {status === "locating" ? t("locating") : ""}
      </p>
      {status === "denied" || status === "unavailable" ? (
        <p role="alert" className="text-sm text-destructive">
          {t(status)}
        </p>
      ) : null}
    </div>
  );
}
