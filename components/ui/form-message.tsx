import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/** A field's error (or a form's), announced when it appears. Renders nothing without children. */
export function FormMessage({ className, children, ...props }: ComponentProps<"p">) {
  if (!children) return null;
  return (
    <p
      data-slot="form-message"
      role="alert"
      className={cn("text-sm font-medium text-destructive", className)}
      {...props}
    >
      {children}
    </p>
  );
}
