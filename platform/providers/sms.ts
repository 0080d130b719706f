import "server-only";
import { sql } from "drizzle-orm";
import { env } from "@/server/env";
import type { Db, Tx } from "../db/client";
import { smsOutbox } from "../db/schema";
import { PlatformError } from "../errors";

/** Sends one text message to an E.164 number. Failures throw 502 SP:SmsDeliveryFailed. */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

/** Development and tests: the message is written to the outbox table, read at /sandbox/sms. */
export function outboxSender(db: Db | Tx, tenantId: string | null): SmsSender {
  return {
    async send(to, text) {
      // Strictly after the previous message, so "newest first" is well defined even when two
      // arrive within the clock's resolution (PGlite: milliseconds). A development table: small.
      const createdAt = sql`greatest(clock_timestamp(), (select max(${smsOutbox.createdAt}) + interval '1 microsecond' from ${smsOutbox}))`;
      await db.insert(smsOutbox).values({ tenantId, to, text, createdAt });
    },
  };
}

export type GatewayOptions = { baseUrl: string; apiKey: string; sender: string; timeoutMs?: number };

const deliveryFailed = () => new PlatformError("SP:SmsDeliveryFailed", 502, "The text message could not be sent");

// The gateway's error text is logged, never our message: it carries the code. Long digit runs
// are masked in case a gateway echoes the text back.
const maskDigits = (s: string) => s.replace(/\d{4,}/g, (d) => "•".repeat(d.length)).slice(0, 300);

/**
 * Taqnyat (taqnyat.sa, a Saudi gateway), REST API v1:
 * `POST {base}/v1/messages`, `Authorization: Bearer <key>`,
 * JSON `{recipients: ["9665…"], body, sender}` (recipients are international digits without "+");
 * 201 (or any 2xx) means accepted; errors answer JSON `{statusCode, message}`.
 * Base URL, key and the registered sender name come from SMS_GATEWAY_URL, SMS_GATEWAY_KEY and SMS_SENDER.
 */
export function taqnyatSender({ baseUrl, apiKey, sender, timeoutMs = 10_000 }: GatewayOptions): SmsSender {
  const url = new URL("v1/messages", baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
  return {
    async send(to, text) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: "POST",
          headers: {
            authorization: `Bearer ${apiKey}`,
            "content-type": "application/json",
            accept: "application/json",
          },
          body: JSON.stringify({ recipients: [to.replace(/^\+/, "")], body: text, sender }),
          signal: AbortSignal.timeout(timeoutMs),
          cache: "no-store",
        });
      } catch (err) {
        console.error("[sms] gateway unreachable:", err instanceof Error ? err.name : "error");
        throw deliveryFailed();
      }
      if (res.ok) {
        await res.body?.cancel();
        return;
      }
      const raw = await res.text().catch(() => "");
      let detail = raw;
      try {
        const parsed = JSON.parse(raw) as { message?: unknown };
        if (typeof parsed.message === "string") detail = parsed.message;
      } catch {
        // Not JSON: the raw text (masked) is the best there is.
      }
      console.error(`[sms] gateway refused the message: HTTP ${res.status}: ${maskDigits(detail)}`);
      throw deliveryFailed();
    },
  };
}

/** Whether text messages go to the Taqnyat gateway (SMS_PROVIDER=gateway with its URL and key), not the outbox table. */
export function smsGoesToGateway(): boolean {
  const e = env();
  return e.SMS_PROVIDER === "gateway" && !!e.SMS_GATEWAY_URL && !!e.SMS_GATEWAY_KEY;
}

/** The configured sender: the Taqnyat gateway when SMS_PROVIDER=gateway, else the outbox. */
export function smsSender(db: Db | Tx, tenantId: string): SmsSender {
  const e = env();
  if (smsGoesToGateway() && e.SMS_GATEWAY_URL && e.SMS_GATEWAY_KEY) {
    return taqnyatSender({ baseUrl: e.SMS_GATEWAY_URL, apiKey: e.SMS_GATEWAY_KEY, sender: e.SMS_SENDER });
  }
  return outboxSender(db, tenantId);
}
