import type { Db } from "@/platform/db/client";
import type { Channels } from "@/platform/notify/worker";
import { outboxSender } from "@/platform/providers/sms";
import { whatsappSandbox } from "@/platform/sandbox/whatsapp";

export const SANDBOX_ORIGIN = "http://127.0.0.1:3999";

/** The WhatsApp sandbox as the worker reaches it over HTTP, without a server: fetch handed to its handler. */
export const sandboxFetch =
  (db: Db): typeof fetch =>
  async (input, init) => {
    const req = new Request(input as string, init);
    const path = new URL(req.url).pathname.split("/").filter(Boolean).slice(2);
    return whatsappSandbox(req, db, path);
  };

/** The worker's channels in a test: text messages into the sandbox outbox, WhatsApp to its sandbox. */
export const sandboxChannels = (db: Db, fetchFn: typeof fetch = sandboxFetch(db)): Channels => ({
  sms: outboxSender,
  smsInDatabase: true,
  sandbox: { enabled: true, origin: SANDBOX_ORIGIN },
  fetch: fetchFn,
});
