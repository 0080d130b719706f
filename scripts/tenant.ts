// `npm run tenant -- <command>`: the operator CLI (README, "Operator CLI"); the commands are in tenant-cli.ts.
import "./server-only-hook.mjs";

// `npm run tenant -- show spa | head`: a closed pipe ends the output, not with an EPIPE stack.
process.stdout.on("error", (err: NodeJS.ErrnoException) => {
  if (err.code !== "EPIPE") throw err;
});

const { main } = await import("./tenant-cli");
process.exitCode = await main(process.argv.slice(2));
