let loading: Promise<typeof import("@/lib/tracking/runtime")> | null = null;

/**
 * The tracking code (pixels, UTM, page views), out of the page's first load: fetched on first use,
 * which is right after hydration. Never inside the caller's task: the first caller is an effect
 * React runs with every other effect of the page, and starting a chunk's fetch there (a script tag)
 * lengthens that one task; a task of its own keeps it short.
 */
export const trackingCode = () =>
  (loading ??= new Promise<void>((resolve) => setTimeout(resolve, 0))
    .then(() => import("@/lib/tracking/runtime"))
    .catch((err: unknown) => {
      loading = null;
      throw err;
    }));
