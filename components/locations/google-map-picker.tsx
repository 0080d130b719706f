"use client";

import { APIProvider, Map, Marker, type MapMouseEvent } from "@vis.gl/react-google-maps";
import { useLocale, useTranslations } from "next-intl";
import type { Position } from "@/lib/locations/types";

type Props = { apiKey: string; value: Position; onChange: (next: Position) => void };

const toPosition = (latLng: google.maps.LatLngLiteral | google.maps.LatLng | null | undefined): Position | null => {
  if (!latLng) return null;
  const lat = typeof latLng.lat === "function" ? latLng.lat() : latLng.lat;
  const lng = typeof latLng.lng === "function" ? latLng.lng() : latLng.lng;
  return { latitude: lat, longitude: lng };
};

/**
 * The map with the tenant's Google Maps browser key (loaded only when the add form opens with a
 * key): tap the map or drag the pin; the coordinates fields below stay the keyboard way.
 */
export function GoogleMapPicker({ apiKey, value, onChange }: Props) {
  const locale = useLocale();
  const t = useTranslations("locations.map");
  const point = { lat: value.latitude, lng: value.longitude };
  const move = (latLng: google.maps.LatLngLiteral | google.maps.LatLng | null | undefined) => {
    const next = toPosition(latLng);
    if (next) onChange(next);
  };
  return (
    <APIProvider apiKey={apiKey} language={locale} region="SA">
      <div
        role="group"
        aria-label={t("label")}
        className="aspect-video w-full overflow-hidden rounded-xl border border-border"
      >
        <Map
          center={point}
          defaultZoom={16}
          gestureHandling="greedy"
          disableDefaultUI
          clickableIcons={false}
          onClick={(e: MapMouseEvent) => move(e.detail.latLng)}
        >
          <Marker position={point} draggable onDragEnd={(e: google.maps.MapMouseEvent) => move(e.latLng)} />
        </Map>
      </div>
    </APIProvider>
  );
}
