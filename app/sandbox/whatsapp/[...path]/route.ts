import { env } from "@/server/env";
import { normalizeMobile } from "@/rules/phone";
import { listWhatsAppSandbox, whatsappSandbox } from "@/platform/sandbox/whatsapp";
import { outboxAccess } from "../../sms/outbox-access";

export const dynamic = "force-dynamic";

const notFound = () =>
  Response.json(
    { error: { code: "SP:RouteNotFound", message: "Not found" } },
    { status: 404, headers: { "cache-control": "no-store" } },
  );

type Params = { params: Promise<{ path: string[] }> };

/**
 * POST /sandbox/whatsapp/<version>/<phone-number-id>/messages — the Cloud API's sandbox
 * (platform/sandbox/whatsapp.ts). 404 unless sandboxes are on and this app embeds the platform.
 */
export async function POST(req: Request, { params }: Params) {
  const e = env();
  if (!e.SANDBOX || e.PLATFORM_API_URL) return notFound();
  const { platformDb } = await import("@/platform/db");
  return whatsappSandbox(req, (await platformDb()).db, (await params).path);
}

/**
 * GET /sandbox/whatsapp/messages[?to=+9665…] — what the sandbox took from the host's store, newest
 * first, as JSON (the browser tests read it; the page is /sandbox/whatsapp).
 */
export async function GET(req: Request, { params }: Params) {
  const path = (await params).path;
  const access = await outboxAccess(req.headers.get("host"));
  if (!access || path.join("/") !== "messages") return notFound();
  const raw = (new URL(req.url).searchParams.get("to") ?? "").replace(/^ (?=\d)/, "+");
  const to = raw ? normalizeMobile(raw) : null;
  const messages = await listWhatsAppSandbox(access.db, access.tenant.id);
  return Response.json(
    { messages: to ? messages.filter((m) => m.to === to) : messages },
    { headers: { "cache-control": "no-store" } },
  );
}
