// The reference's own (empty) instrumentation hook, so that Turbopack does not take the storefront's
// from the workspace root (see bench/floor).
export function register() {}
