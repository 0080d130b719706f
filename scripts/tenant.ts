// `npm run tenant -- <command>`: the operator CLI (README, "Operator CLI"); the commands are in tenant-cli.ts.
import { register } from "node:module";

// Platform modules import "server-only", Next's guard against client bundles, which throws when
// imported outside Next's server build; in this Node process it resolves to an empty module.
const hook = `export async function resolve(specifier, context, next) {
  return specifier === "server-only" ? { url: "data:text/javascript,export {}", shortCircuit: true } : next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`, import.meta.url);

// `npm run tenant -- show spa | head`: a closed pipe ends the output, not with an EPIPE stack.
process.stdout.on("error", (err: NodeJS.ErrnoException) => {
  if (err.code !== "EPIPE") throw err;
});

const { main } = await import("./tenant-cli");
process.exitCode = await main(process.argv.slice(2));
