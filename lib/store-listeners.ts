/**
 * The listeners of a module-level client store read with useSyncExternalStore (the sheets'
 * open state): no provider has to wrap the page, so server components stay server components.
 */
export function storeListeners() {
  const listeners = new Set<() => void>();
  return {
    emit() {
      for (const l of listeners) l();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
