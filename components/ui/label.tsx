import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/** A form label; `required` adds the red asterisk of spec §5 (hidden from screen readers, which read aria-required). */
export function Label({ className, children, required, ...props }: ComponentProps<"label"> & { required?: boolean }) {
  return (
    <label
      data-slot="label"
      className={cn("flex items-center gap-1 text-sm font-medium text-foreground", className)}
      {...props}
    >
      {children}
      {required ? (
        <span aria-hidden="true" className="text-destructive">
          *
        </span>
      ) : null}
    </label>
  );
}
