import type { ReactNode } from "react";

/** A profile page with nothing to show yet: an optional icon, what is missing, and a way forward. */
export function EmptyState({
  icon,
  title,
  description,
  action,
}: {
  icon?: ReactNode;
  title: string;
  description: string;
  action: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-border bg-card px-6 py-12 text-center">
      {icon ? (
        <span
          aria-hidden="true"
          className="flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary"
        >
          {icon}
        </span>
      ) : null}
      <div className="grid gap-1.5">
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="max-w-sm text-sm text-muted-foreground">{description}</p>
      </div>
      {action}
    </div>
  );
}
