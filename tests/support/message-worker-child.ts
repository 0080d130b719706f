// A message worker that dies mid-send: run with tsx (tests/notify-worker.test.ts). It opens the
// database named by its argument (a PostgreSQL URL, or a PGlite folder), runs one tick whose text
// message sender says "sending" and never returns, and waits there for the test's SIGKILL.
import "../../scripts/server-only-hook.mjs";

const { openDatabase } = await import("@/platform/db/client");
const { runDueMessages } = await import("@/platform/notify/worker");
const [target, nowMs] = process.argv.slice(2);
const handle = await openDatabase(target.startsWith("postgres") ? { url: target } : { dataDir: target });
void runDueMessages(handle.db, {
  now: new Date(Number(nowMs)),
  channels: {
    sms: () => ({
      send: () => {
        process.stdout.write("sending\n");
        return new Promise<void>(() => {});
      },
    }),
    smsInDatabase: process.env.SMS_IN_DATABASE === "1",
    sandbox: { enabled: true, origin: "http://127.0.0.1:9" },
    fetch,
  },
});
setInterval(() => {}, 60_000);
