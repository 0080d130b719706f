import type { ReactNode } from "react";
import type { SupportedCountry } from "@/rules/phone";
import { cn } from "@/lib/cn";

/**
 * The flags of the countries the number pickers offer, drawn: a flag emoji is two regional
 * letters that only a colour-emoji font turns into a flag, and without one (many Linux and
 * older Windows machines) the shopper sees two boxes. Small on purpose: only the pickers import
 * them, and the pickers come with the sign-in and checkout sheets, not with the page.
 */

/** The serrated edge of Qatar's and Bahrain's white band: `points` teeth from x0 out to x1 on a 30×20 field. */
const serrated = (points: number, x0: number, x1: number) => {
  const step = 20 / points;
  const teeth = Array.from({ length: points }, (_, i) => `L${x1} ${(i + 0.5) * step}L${x0} ${(i + 1) * step}`).join("");
  return `M0 0H${x0}${teeth}H0Z`;
};

const FLAGS: Record<SupportedCountry, ReactNode> = {
  SA: (
    <>
      <rect width="30" height="20" fill="#006c35" />
      <path
        d="M8 8.5c1.2-1.6 2.2.9 3.4 0s2.2.9 3.4 0 2.2.9 3.4 0 2.2.9 3.8-.5"
        fill="none"
        stroke="#fff"
        strokeWidth="1.3"
        strokeLinecap="round"
      />
      <path d="M8.5 13.2H21l1.6-1M10.5 12.2v2" fill="none" stroke="#fff" strokeWidth="1" strokeLinecap="round" />
    </>
  ),
  AE: (
    <>
      <rect width="30" height="20" fill="#fff" />
      <rect width="30" height="6.67" fill="#00732f" />
      <rect y="13.33" width="30" height="6.67" fill="#000" />
      <rect width="7.5" height="20" fill="#f00" />
    </>
  ),
  KW: (
    <>
      <rect width="30" height="6.67" fill="#007a3d" />
      <rect y="6.67" width="30" height="6.67" fill="#fff" />
      <rect y="13.33" width="30" height="6.67" fill="#ce1126" />
      <path d="M0 0l7.5 6.67v6.66L0 20z" fill="#000" />
    </>
  ),
  QA: (
    <>
      <rect width="30" height="20" fill="#8a1538" />
      <path d={serrated(9, 8, 11)} fill="#fff" />
    </>
  ),
  BH: (
    <>
      <rect width="30" height="20" fill="#ce1126" />
      <path d={serrated(5, 7.5, 11)} fill="#fff" />
    </>
  ),
  OM: (
    <>
      <rect width="30" height="20" fill="#db161b" />
      <rect x="7.5" width="22.5" height="6.67" fill="#fff" />
      <rect x="7.5" y="13.33" width="22.5" height="6.67" fill="#008000" />
      <path d="M2 1.8l3.6 3.6M5.6 1.8L2 5.4M3.8 1.5v4.2" fill="none" stroke="#fff" strokeWidth=".8" />
    </>
  ),
};

/** A country's flag, 24×16 px, decorative: the dialing code and the list's names say the country. */
export function CountryFlag({ country, className }: { country: SupportedCountry; className?: string }) {
  return (
    <svg
      viewBox="0 0 30 20"
      aria-hidden="true"
      data-flag={country}
      className={cn("h-4 w-6 shrink-0 overflow-hidden rounded-[3px] ring-1 ring-black/10", className)}
    >
      {FLAGS[country]}
    </svg>
  );
}
