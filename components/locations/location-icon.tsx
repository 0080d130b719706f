import { Briefcase, House, LocateFixed, MapPin, Tent, UsersRound, type LucideIcon } from "lucide-react";
import type { LocationType } from "@/lib/locations/types";

const ICONS: Record<LocationType, LucideIcon> = {
  home: House,
  work: Briefcase,
  resthouse: Tent,
  friendsplace: UsersRound,
  other: MapPin,
  current: LocateFixed,
};

/** The type's icon in a soft round badge (decorative: the type's name is always written next to it). */
export function LocationIcon({ type }: { type: LocationType }) {
  const Icon = ICONS[type];
  return (
    <span
      aria-hidden="true"
      className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary"
    >
      <Icon className="size-[1.1rem]" />
    </span>
  );
}
