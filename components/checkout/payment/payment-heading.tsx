import { Lock } from "lucide-react";

/** An online payment view's heading and what it will do (the view is labelled by the heading's id). */
export function PaymentHeading({ id, title, description }: { id: string; title: string; description: string }) {
  return (
    <div className="grid gap-1">
      <h3 id={id} className="text-base font-semibold">
        {title}
      </h3>
      <p className="text-sm text-muted-foreground">{description}</p>
    </div>
  );
}

/** The line under a card form saying where the card goes. */
export function SecureCardNote({ children }: { children: string }) {
  return (
    <p className="flex items-start gap-2 text-xs text-muted-foreground">
      <Lock aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      {children}
    </p>
  );
}
