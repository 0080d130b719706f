import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { and, desc, eq, notInArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { conversionSandboxEvents, tenantConversions, type ConversionPlatform } from "../db/schema";
import { json, readJson } from "./http";

// The ad platforms' server event APIs' sandbox (/sandbox/conversions/<platform>/…, the real API's
// path below it): takes events as the platform does, records them per tenant (read at
// GET /sandbox/conversions for the host's store), and refuses what the platform refuses, with its
// error body: a wrong token, a missing event id (our rule: without it the browser's event is
// counted again), an unhashed phone; Meta also a missing action_source or an event_time older
// than 7 days.

/** Events kept per tenant: the oldest go first. */
export const SANDBOX_EVENTS_CAP = 200;
const SEVEN_DAYS_S = 7 * 24 * 60 * 60;
const SHA256_HEX = /^[0-9a-f]{64}$/;

type Event = Record<string, unknown>;
type Refusal = { status: number; body: unknown };

/** The phone field holds hashes only (a string or a list of them). */
const unhashed = (v: unknown) =>
  v !== undefined && !(Array.isArray(v) ? v : [v]).every((h) => SHA256_HEX.test(String(h)));

const metaError = (status: number, code: number, message: string, userMessage?: string): Refusal => ({
  status,
  body: {
    error: {
      message,
      type: "OAuthException",
      code,
      ...(userMessage
        ? { error_subcode: 2804003, error_user_title: "Invalid event", error_user_msg: userMessage }
        : {}),
      fbtrace_id: randomBytes(8).toString("base64url"),
    },
  },
});

const tiktokError = (code: number, message: string): Refusal => ({
  // TikTok answers its refusals with HTTP 200 and the code.
  status: 200,
  body: { code, message, request_id: randomUUID().replace(/-/g, ""), data: {} },
});

const snapError = (status: number, reason: string): Refusal => ({ status, body: { status: "INVALID", reason } });

const ga4Error = (fieldPath: string, description: string, validationCode = "VALUE_INVALID"): Refusal => ({
  // GA4's own endpoint answers 2xx to anything; the sandbox answers as its validation server reads it.
  status: 400,
  body: { validationMessages: [{ fieldPath, description, validationCode }] },
});

function metaEvent(e: Event, nowS: number): Refusal | null {
  if (!e.action_source)
    return metaError(400, 100, "Invalid parameter", "The parameter action_source is required for this event.");
  if (typeof e.event_time !== "number" || e.event_time < nowS - SEVEN_DAYS_S)
    return metaError(400, 100, "Invalid parameter", "event_time must be within the last 7 days.");
  if (!e.event_id)
    return metaError(400, 100, "Invalid parameter", "event_id is required to deduplicate the pixel's event.");
  if (unhashed((e.user_data as Event | undefined)?.ph))
    return metaError(400, 100, "Invalid parameter", "user_data.ph must be a SHA-256 hash (64 hex characters).");
  return null;
}

function tiktokEvent(e: Event): Refusal | null {
  if (!e.event || typeof e.event_time !== "number") return tiktokError(40002, "event and event_time are required");
  if (!e.event_id) return tiktokError(40002, "event_id is required to deduplicate the pixel's event");
  if (unhashed((e.user as Event | undefined)?.phone)) return tiktokError(40002, "user.phone must be SHA-256 hashed");
  return null;
}

function snapEvent(e: Event): Refusal | null {
  if (!e.event_name || typeof e.event_time !== "number" || !e.action_source)
    return snapError(400, "event_name, event_time and action_source are required");
  if (!e.event_id) return snapError(400, "event_id is required to deduplicate the pixel's event");
  if (unhashed((e.user_data as Event | undefined)?.ph)) return snapError(400, "user_data.ph must be SHA-256 hashed");
  return null;
}

function ga4Body(b: Event): Refusal | null {
  if (typeof b.client_id !== "string" || !b.client_id)
    return ga4Error("client_id", "client_id is required", "VALUE_REQUIRED");
  const event = (b.events as Event[] | undefined)?.[0];
  const params = (event?.params ?? {}) as Event;
  if (!event?.name) return ga4Error("events", "An event with a name is required", "VALUE_REQUIRED");
  if (!params.transaction_id)
    return ga4Error("events.params.transaction_id", "transaction_id is required", "VALUE_REQUIRED");
  if (unhashed((b.user_data as Event | undefined)?.sha256_phone_number))
    return ga4Error("user_data.sha256_phone_number", "must be a SHA-256 hash (64 hex characters)");
  return null;
}

/** The tenant whose sandbox credentials these are, or null. */
async function tenantOf(db: Db, platform: ConversionPlatform, pixelId: string, token: string | null) {
  if (!pixelId || !token) return null;
  const rows = await db
    .select({ tenantId: tenantConversions.tenantId, token: tenantConversions.accessToken })
    .from(tenantConversions)
    .where(and(eq(tenantConversions.platform, platform), eq(tenantConversions.pixelId, pixelId)));
  return rows.find((r) => r.token === token)?.tenantId ?? null;
}

/** Records what was taken, keeping the tenant's newest SANDBOX_EVENTS_CAP. */
async function record(db: Db, tenantId: string, platform: ConversionPlatform, events: Event[]) {
  const rows = events.map((event) => ({
    tenantId,
    platform,
    eventName: String(event.event_name ?? event.event ?? event.name ?? ""),
    eventId: String(event.event_id ?? (event.params as Event | undefined)?.transaction_id ?? ""),
    event,
  }));
  await db.insert(conversionSandboxEvents).values(rows);
  const e = conversionSandboxEvents;
  const kept = db
    .select({ id: e.id })
    .from(e)
    .where(eq(e.tenantId, tenantId))
    .orderBy(desc(e.createdAt), desc(e.id))
    .limit(SANDBOX_EVENTS_CAP);
  await db.delete(e).where(and(eq(e.tenantId, tenantId), notInArray(e.id, kept)));
}

const answer = (r: Refusal) => json(r.status, r.body);

/** The request's platform, credentials and events, by the real API's path below /sandbox/conversions/<platform>. */
function parse(req: Request, platform: string, path: string[], body: Event) {
  const q = new URL(req.url).searchParams;
  const p = path.join("/");
  switch (platform) {
    case "meta":
      if (path.length === 3 && /^v\d+\.\d+$/.test(path[0]) && path[2] === "events")
        return {
          pixelId: path[1],
          token: q.get("access_token") ?? (body.access_token as string) ?? null,
          events: body.data,
        };
      return null;
    case "tiktok":
      if (p === "open_api/v1.3/event/track")
        return {
          pixelId: String(body.event_source_id ?? ""),
          token: req.headers.get("access-token"),
          events: body.data,
        };
      return null;
    case "snap":
      if (path.length === 3 && path[0] === "v3" && path[2] === "events")
        return { pixelId: path[1], token: q.get("access_token"), events: body.data };
      return null;
    case "ga4":
      if (p === "mp/collect")
        return { pixelId: q.get("measurement_id") ?? "", token: q.get("api_secret"), events: [body] };
      return null;
  }
  return null;
}

/** POST /sandbox/conversions/<platform>/<the API's path>. */
export async function conversionsSandbox(req: Request, db: Db, segments: string[], now = new Date()) {
  const [platform, ...path] = segments;
  const body = ((await readJson(req).catch(() => null)) ?? {}) as Event;
  const call = req.method === "POST" ? parse(req, platform, path, body) : null;
  if (!call) return json(404, { error: "Not found" });
  const p = platform as ConversionPlatform;
  const tenantId = await tenantOf(db, p, call.pixelId, call.token);
  if (!tenantId)
    return answer(
      p === "meta"
        ? metaError(401, 190, "Invalid OAuth access token - Cannot parse access token")
        : p === "tiktok"
          ? tiktokError(40105, "Access token is incorrect or has been revoked.")
          : p === "snap"
            ? snapError(401, "Unauthorized: the access token is not valid for this pixel")
            : ga4Error("api_secret", "The api_secret is not valid for this measurement id"),
    );
  const events = (Array.isArray(call.events) ? call.events : []) as Event[];
  if (events.length === 0 || events.length > 1000)
    return answer(
      p === "tiktok"
        ? tiktokError(40002, "data must hold 1 to 1000 events")
        : p === "snap"
          ? snapError(400, "data must hold events")
          : metaError(400, 100, "Invalid parameter", "data must hold events"),
    );
  const nowS = Math.floor(now.getTime() / 1000);
  for (const e of events) {
    const refused =
      p === "meta" ? metaEvent(e, nowS) : p === "tiktok" ? tiktokEvent(e) : p === "snap" ? snapEvent(e) : ga4Body(e);
    if (refused) return answer(refused);
  }
  await record(
    db,
    tenantId,
    p,
    p === "ga4" ? (events[0].events as Event[]).map((ev) => ({ ...events[0], ...ev })) : events,
  );
  if (p === "meta")
    return json(200, {
      events_received: events.length,
      messages: [],
      fbtrace_id: randomBytes(8).toString("base64url"),
    });
  if (p === "tiktok")
    return json(200, { code: 0, message: "OK", request_id: randomUUID().replace(/-/g, ""), data: {} });
  if (p === "snap") return json(200, { status: "VALID", reason: "", request_id: randomUUID() });
  return new Response(null, { status: 204 });
}

export type SandboxConversion = {
  id: string;
  platform: ConversionPlatform;
  eventName: string;
  eventId: string;
  event: Record<string, unknown>;
  createdAt: string;
};

/** What the sandbox took from a tenant's credentials, newest first. */
export async function listConversionsSandbox(
  db: Db,
  tenantId: string,
  limit = SANDBOX_EVENTS_CAP,
): Promise<SandboxConversion[]> {
  const rows = await db
    .select()
    .from(conversionSandboxEvents)
    .where(eq(conversionSandboxEvents.tenantId, tenantId))
    .orderBy(desc(conversionSandboxEvents.createdAt), desc(conversionSandboxEvents.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    platform: r.platform,
    eventName: r.eventName,
    eventId: r.eventId,
    event: r.event,
    createdAt: r.createdAt.toISOString(),
  }));
}
