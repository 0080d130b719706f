import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { inputClassName } from "./input";

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea data-slot="textarea" className={cn(inputClassName, "h-auto min-h-24 py-2.5", className)} {...props} />
  );
}
