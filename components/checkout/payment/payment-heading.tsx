import { Lock, type LucideIcon } from "lucide-react";

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

/** A payment view's opening card: the method's icon, its name (the view's label) and what happens next. */
export function PaymentIntro({
  id,
  icon: Icon,
  title,
  description,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  description: string;
}) {
  return (
    <div className="flex items-start gap-3 rounded-xl border border-border bg-card p-4 shadow-soft">
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary"
      >
        <Icon className="size-5" />
      </span>
      <div className="grid gap-1">
        <h3 id={id} className="font-semibold">
          {title}
        </h3>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
    </div>
  );
}
