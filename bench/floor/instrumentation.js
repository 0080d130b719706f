// The floor's own (empty) instrumentation hook, so that Turbopack does not take the storefront's
// from the workspace root (it did: the floor opened the embedded database).
export function register() {}
