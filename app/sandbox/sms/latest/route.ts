import { normalizeMobile } from "@/rules/phone";
import { latestOutboxMessage } from "@/platform/services/sms-outbox";
import { outboxAccess } from "../outbox-access";

export const dynamic = "force-dynamic";

const answer = (status: number, body: unknown) =>
  Response.json(body, { status, headers: { "cache-control": "no-store" } });

/**
 * GET /sandbox/sms/latest?to=+9665… — the newest outbox message to that number, for the browser
 * tests and for trying the demo: {to, text, code, createdAt}; with &signIn=1, the newest sign-in
 * code's. 404 when sandboxes are off.
 */
export async function GET(req: Request) {
  const access = await outboxAccess(req.headers.get("host"));
  if (!access) return answer(404, { error: { code: "SP:RouteNotFound", message: "Not found" } });
  // An unencoded "+" in a query string arrives as a space.
  const query = new URL(req.url).searchParams;
  const raw = (query.get("to") ?? "").replace(/^ (?=\d)/, "+");
  const to = normalizeMobile(raw);
  if (!to) return answer(400, { error: { code: "SP:InvalidMobileNumber", message: "Give ?to= a mobile number" } });
  const message = await latestOutboxMessage(access.db, access.tenant.id, to, { signIn: query.get("signIn") === "1" });
  if (!message) return answer(404, { error: { code: "SP:EntityNotFound", message: "No message to this number" } });
  return answer(200, { to: message.to, text: message.text, code: message.code, createdAt: message.createdAt });
}
