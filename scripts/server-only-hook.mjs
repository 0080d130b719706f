// Platform modules import "server-only", Next's guard against client bundles, which throws when
// imported outside Next's server build; in a plain Node process (the operator CLI, a bench's
// probe) it resolves to an empty module. Imported first (`--import` or the first import).
import { register } from "node:module";

const hook = `export async function resolve(specifier, context, next) {
  return specifier === "server-only" ? { url: "data:text/javascript,export {}", shortCircuit: true } : next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`, import.meta.url);
