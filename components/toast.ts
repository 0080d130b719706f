import type { ExternalToast } from "sonner";

/**
 * The toast API the app uses, without sonner in the page's first load: the first toast loads
 * sonner and mounts the toaster (components/toaster.tsx), then shows itself. Pages that never
 * toast never download it.
 */
type Sonner = typeof import("sonner");
type Message = Parameters<Sonner["toast"]["success"]>[0];

let loading: Promise<Sonner> | null = null;
let mount: (() => void) | null = null;
let mounted: (() => void) | null = null;
const ready = new Promise<void>((resolve) => (mounted = resolve));

/** The lazy toaster host says how to mount the toaster; the toaster says when it is mounted. */
export function setToasterMount(onMount: () => void) {
  mount = onMount;
}
export function toasterMounted() {
  mounted?.();
}

function sonner(): Promise<Sonner> {
  loading ??= import("sonner").then(async (m) => {
    mount?.();
    await ready;
    return m;
  });
  return loading;
}

const show = (kind: "success" | "error") => (message: Message, options?: ExternalToast) =>
  void sonner().then((m) => m.toast[kind](message, options));

export const toast = {
  success: show("success"),
  error: show("error"),
  dismiss: (id?: string | number) => void loading?.then((m) => m.toast.dismiss(id)),
};
