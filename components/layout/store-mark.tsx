import { cn } from "@/lib/cn";

/** The tenant's logo, or its initial on the brand colour when it has none. Decorative: the name is beside it. */
export function StoreMark({ name, logoUrl, size, className }: { name: string; logoUrl: string | null; size: number; className?: string }) {
  if (logoUrl) {
    // eslint-disable-next-line @next/next/no-img-element -- tenant logos come from any host
    return <img src={logoUrl} alt="" width={size} height={size} className={cn("shrink-0 rounded-lg object-contain", className)} style={{ width: size, height: size }} />;
  }
  return (
    <span aria-hidden="true" className={cn("inline-flex shrink-0 items-center justify-center rounded-lg bg-primary font-display font-bold text-primary-foreground", className)} style={{ width: size, height: size, fontSize: size * 0.45 }}>
      {name.trim().charAt(0).toUpperCase()}
    </span>
  );
}
