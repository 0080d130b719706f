// The floor's own (empty) instrumentation hook, so that Turbopack does not take the storefront's
// from the workspace root (which would make the floor open the embedded database).
export function register() {}
