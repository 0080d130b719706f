import { Skeleton } from "@/components/ui/skeleton";

/** Placeholder rows while a profile page loads (loading.tsx) or its session is renewed. */
export function ProfileSkeleton({ rows = 3, label }: { rows?: number; label?: string }) {
  return (
    <div role="status" aria-busy="true" className="grid gap-3">
      {label ? <span className="sr-only">{label}</span> : null}
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-4 rounded-xl border border-border bg-card p-4 shadow-soft">
          <Skeleton className="size-14 rounded-lg" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The account settings form's outline while it loads. */
export function FormSkeleton({ fields = 5, label }: { fields?: number; label?: string }) {
  return (
    <div
      role="status"
      aria-busy="true"
      className="grid gap-5 rounded-2xl border border-border bg-card p-5 shadow-soft sm:p-6"
    >
      {label ? <span className="sr-only">{label}</span> : null}
      {Array.from({ length: fields }, (_, i) => (
        <div key={i} className="grid gap-2">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-11 w-full rounded-lg" />
        </div>
      ))}
      <Skeleton className="h-11 w-32 rounded-lg" />
    </div>
  );
}
