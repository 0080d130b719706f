import { Landmark } from "lucide-react";
import { cn } from "@/lib/cn";

/**
 * A bank's mark by its code (spec §9 "bank logos per bank code"): a badge in the bank's colour
 * with its short name, drawn here rather than shipping the banks' trademarked artwork. An unknown
 * code gets a generic bank icon.
 */
export const BANK_MARKS = {
  alrajhi: { initials: "RJ", color: "#1f3c88" },
  snb: { initials: "SNB", color: "#00764f" },
  alinma: { initials: "IN", color: "#8a5a2b" },
  riyad: { initials: "RB", color: "#004b87" },
  sab: { initials: "SAB", color: "#c8102e" },
  anb: { initials: "ANB", color: "#00693c" },
  albilad: { initials: "BL", color: "#d0682a" },
  aljazira: { initials: "BJ", color: "#1a5fa8" },
} as const;

export type BankCode = keyof typeof BANK_MARKS;

/** Codes as operators type them ("Al-Rajhi", "SABB", "NCB") → one of ours, else null. */
const ALIASES: Record<string, BankCode> = {
  rajhi: "alrajhi",
  alrajhibank: "alrajhi",
  ncb: "snb",
  alahli: "snb",
  sabb: "sab",
  inma: "alinma",
  riyadbank: "riyad",
  arabnational: "anb",
  bilad: "albilad",
  bankalbilad: "albilad",
  jazira: "aljazira",
  bankaljazira: "aljazira",
};

export function bankCode(code: string): BankCode | null {
  const key = code.toLowerCase().replace(/[^a-z]/g, "");
  if (Object.hasOwn(BANK_MARKS, key)) return key as BankCode;
  return Object.hasOwn(ALIASES, key) ? ALIASES[key] : null;
}

export function BankLogo({ code, className }: { code: string; className?: string }) {
  const known = bankCode(code);
  const base =
    "flex size-11 shrink-0 items-center justify-center rounded-lg font-sans text-[0.7rem] font-bold tracking-wide";
  if (!known) {
    return (
      <span aria-hidden="true" className={cn(base, "bg-muted text-muted-foreground", className)}>
        <Landmark className="size-5" />
      </span>
    );
  }
  const mark = BANK_MARKS[known];
  return (
    <span
      aria-hidden="true"
      dir="ltr"
      className={cn(base, "text-white", className)}
      style={{ backgroundColor: mark.color }}
    >
      {mark.initials}
    </span>
  );
}
