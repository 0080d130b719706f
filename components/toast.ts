import type { ExternalToast } from "sonner";

/**
 * The toast API the app uses, without sonner in the page's first load: the toaster's code
 * (components/toaster.tsx, sonner with it) is fetched once the page has settled (the layout's
 * host asks, so that a toast saying the connection dropped can still show) or by the first toast,
 * whichever comes first; the first toast mounts it, then shows itself.
 */

/** The toaster's module: its component and sonner's toast, which arrive together. */
type Toasts = typeof import("./toaster");
type Message = Parameters<Toasts["toast"]["success"]>[0];

let loading: Promise<Toasts> | null = null;
let mount: ((toasts: Toasts) => void) | null = null;
let mounted: (() => void) | null = null;
const ready = new Promise<void>((resolve) => (mounted = resolve));

/** The lazy toaster host says how to mount the toaster; the toaster says when it is mounted. */
export function setToasterMount(onMount: (toasts: Toasts) => void) {
  mount = onMount;
}
export function toasterMounted() {
  mounted?.();
}

/**
 * The toaster's code. The layout fetches it ahead once the page has settled: a toast saying that
 * the connection dropped needs it when the connection is gone.
 */
export const loadToaster = () => import("./toaster");

function sonner(): Promise<Toasts> {
  if (!loading) {
    loading = loadToaster().then(async (m) => {
      mount?.(m);
      await ready;
      return m;
    });
    // A load that failed (a dropped connection) is tried again at the next toast; nothing throws.
    loading.catch(() => (loading = null));
  }
  return loading;
}

const show = (kind: "success" | "error") => (message: Message, options?: ExternalToast) =>
  void sonner().then((m) => m.toast[kind](message, options));

export const toast = {
  success: show("success"),
  error: show("error"),
  dismiss: (id?: string | number) => void loading?.then((m) => m.toast.dismiss(id)),
};
