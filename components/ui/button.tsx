import type { ComponentProps } from "react";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "@/lib/cn";

/** Exported so that links (<Link prefetch={false} className={buttonVariants()}>) look like buttons without client JS. */
export const buttonVariants = cva(
  // The base is one utility of app/globals.css: it is on every button of every page.
  "btn",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground shadow-soft hover:bg-primary-hover",
        secondary: "bg-primary-soft text-primary hover:bg-primary-soft/70",
        outline: "border border-input bg-card text-foreground hover:border-primary/50 hover:bg-muted",
        ghost: "text-foreground hover:bg-muted",
        link: "text-primary underline-offset-4 hover:underline",
        destructive: "bg-destructive text-white hover:bg-destructive/90",
      },
      size: {
        sm: "h-9 px-3 text-sm",
        default: "h-11 px-5 text-[0.95rem]",
        lg: "h-12 px-6 text-base",
        icon: "size-10",
        "icon-sm": "size-8",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export type ButtonProps = ComponentProps<"button"> & VariantProps<typeof buttonVariants>;

export function Button({ className, variant, size, type = "button", ...props }: ButtonProps) {
  return (
    <button type={type} data-slot="button" className={cn(buttonVariants({ variant, size }), className)} {...props} />
  );
}
