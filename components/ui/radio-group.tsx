import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/cn";

/**
 * A labelled group of choices built on native radio inputs: keyboard arrows, form semantics and
 * screen-reader announcements come from the browser, with no client JS of our own.
 */
export function RadioGroup({
  legend,
  legendClassName,
  className,
  children,
  ...props
}: ComponentProps<"fieldset"> & { legend: ReactNode; legendClassName?: string }) {
  return (
    <fieldset data-slot="radio-group" className={cn("min-w-0", className)} {...props}>
      <legend className={cn("mb-2 text-sm font-medium text-foreground", legendClassName)}>{legend}</legend>
      {children}
    </fieldset>
  );
}

/**
 * One choice: the whole card is the label; the native radio is transparent and covers the card, so
 * a tap (or a test's click on the radio itself) lands on it.
 */
export function RadioCard({
  className,
  children,
  ...inputProps
}: Omit<ComponentProps<"input">, "type" | "children"> & { children: ReactNode }) {
  return (
    <label
      data-slot="radio-card"
      className={cn(
        "relative flex cursor-pointer select-none items-center gap-3 rounded-lg border border-input bg-card px-3.5 py-2.5 text-sm transition-[border-color,background-color,box-shadow]",
        "hover:border-primary/50 has-checked:border-primary has-checked:bg-primary-soft has-checked:shadow-[0_0_0_1px_var(--color-primary)]",
        "has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring",
        "has-disabled:cursor-not-allowed has-disabled:border-border has-disabled:bg-muted has-disabled:text-muted-foreground has-disabled:shadow-none has-disabled:hover:border-border",
        className,
      )}
    >
      <input
        type="radio"
        className="absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none rounded-[inherit] opacity-0 disabled:cursor-not-allowed"
        {...inputProps}
      />
      {children}
    </label>
  );
}
