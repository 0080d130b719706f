"use client";

import { useId } from "react";
import { useTranslations } from "next-intl";
import { MapPin, Users } from "lucide-react";
import { Label } from "@/components/ui/label";
import { inputClassName } from "@/components/ui/input";
import { RadioCard, RadioGroup } from "@/components/ui/radio-group";
import { cn } from "@/lib/cn";
import { imageSources } from "@/lib/images/url";
import { formatNumber } from "@/lib/money";
import { useSelectedLocation } from "@/lib/locations/selected-location";
import { branchesByDistance, eligibleSpecialists, type StaffPick, type StaffSpec } from "./staff-days";

type Props = {
  staff: StaffSpec;
  pick: StaffPick;
  priceId: string;
  locale: string;
  onChange: (pick: StaffPick) => void;
};

/**
 * Where and with whom (spec §3 "providers view type", "hide branches"): the branch — nearest to the
 * shopper's selected location first — then the specialist, as a dropdown (the default) or as cards
 * with photos; "any" first in both. Only specialists who give the chosen price in the chosen branch
 * are offered; a choice that no longer fits is put back to "any" by the widget.
 */
export function StaffChoice({ staff, pick, priceId, locale, onChange }: Props) {
  const t = useTranslations("product.widget.staff");
  const people = eligibleSpecialists(staff, { specialistId: null, branchId: pick.branchId }, priceId);
  const group = useId();
  return (
    <div className="grid gap-5">
      {staff.showBranches ? <BranchChoice staff={staff} pick={pick} locale={locale} onChange={onChange} /> : null}
      {staff.view === "cards" ? (
        <RadioGroup legend={t("specialist")}>
          <div className="grid gap-2 sm:grid-cols-2">
            <SpecialistCard
              group={group}
              name={t("any")}
              bio={t("anyHint")}
              photo={null}
              checked={pick.specialistId === null}
              onChange={() => onChange({ ...pick, specialistId: null })}
            />
            {people.map((s) => (
              <SpecialistCard
                key={s.id}
                group={group}
                name={s.name}
                bio={s.bio}
                photo={s.photo}
                checked={pick.specialistId === s.id}
                onChange={() => onChange({ ...pick, specialistId: s.id })}
              />
            ))}
          </div>
        </RadioGroup>
      ) : (
        <SpecialistSelect
          label={t("specialist")}
          any={t("any")}
          people={people}
          value={pick.specialistId}
          onChange={(id) => onChange({ ...pick, specialistId: id })}
        />
      )}
    </div>
  );
}

function SpecialistSelect({
  label,
  any,
  people,
  value,
  onChange,
}: {
  label: string;
  any: string;
  people: { id: string; name: string }[];
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        className={cn(inputClassName, "cursor-pointer")}
        value={value ?? ""}
        onChange={(e) => onChange(e.target.value || null)}
      >
        <option value="">{any}</option>
        {people.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function SpecialistCard({
  group,
  name,
  bio,
  photo,
  checked,
  onChange,
}: {
  group: string;
  name: string;
  bio: string;
  photo: string | null;
  checked: boolean;
  onChange: () => void;
}) {
  const sources = photo ? imageSources(photo, 44) : null;
  return (
    <RadioCard name={group} checked={checked} onChange={onChange} className="items-start">
      {sources ? (
        // Sized by the image route (lib/images), with fixed dimensions (no layout shift).
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={sources.src}
          srcSet={sources.srcSet}
          sizes="44px"
          alt=""
          width={44}
          height={44}
          loading="lazy"
          className="size-11 shrink-0 rounded-full bg-muted object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary"
        >
          <Users className="size-5" />
        </span>
      )}
      <span className="grid min-w-0 gap-0.5">
        <span className="font-medium">{name}</span>
        {bio ? <span className="line-clamp-2 text-xs text-muted-foreground">{bio}</span> : null}
      </span>
    </RadioCard>
  );
}

function BranchChoice({ staff, pick, locale, onChange }: Omit<Props, "priceId">) {
  const t = useTranslations("product.widget.staff");
  const location = useSelectedLocation();
  const group = useId();
  const { list, nearestId } = branchesByDistance(staff.branches, location);
  return (
    <RadioGroup legend={t("branch")}>
      <div className="grid gap-2">
        <RadioCard name={group} checked={pick.branchId === null} onChange={() => onChange({ ...pick, branchId: null })}>
          <span className="font-medium">{t("anyBranch")}</span>
        </RadioCard>
        {list.map(({ branch, km }) => (
          <RadioCard
            key={branch.id}
            name={group}
            checked={pick.branchId === branch.id}
            onChange={() => onChange({ ...pick, branchId: branch.id })}
            className="items-start"
          >
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            <span className="grid min-w-0 flex-1 gap-0.5">
              <span className="flex flex-wrap items-center gap-x-2 font-medium">
                {branch.name}
                {branch.id === nearestId ? (
                  <span className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary">
                    {t("nearest")}
                  </span>
                ) : null}
              </span>
              {branch.address ? <span className="text-xs text-muted-foreground">{branch.address}</span> : null}
            </span>
            {km !== null ? (
              <span className="tabular shrink-0 text-xs text-muted-foreground">
                {t("km", { n: formatNumber(km < 10 ? Math.round(km * 10) / 10 : Math.round(km), locale) })}
              </span>
            ) : null}
          </RadioCard>
        ))}
      </div>
    </RadioGroup>
  );
}
