import "server-only";
import type { Db } from "@/platform/db/client";
import { checkCard, type CardBrand, type CheckedCard } from "@/platform/sandbox/cards";
import { html, json, readJson, script } from "@/platform/sandbox/http";
import { cardFramePage } from "./scripts/frame";
import { myfatoorahSessionScript } from "./scripts/session";
import { findObject, transitionObject } from "@/platform/sandbox/store";

// MyFatoorah's embedded card form: session.js (on the merchant's page) renders the frame, the
// frame posts the card here; the merchant's server then executes the payment with the session id.

/** A MyFatoorah session as the sandbox keeps it: the card the form took, until a payment uses it. */
export type MyFatoorahSessionData = { CustomerIdentifier: string | null; card: CheckedCard | null; created_at: string };

const NETWORK_OF: Record<CardBrand, string> = { mada: "md", visa: "v", master: "m", amex: "ae", unionpay: "up" };
const BRAND_NAME: Record<CardBrand, string> = {
  mada: "Mada",
  visa: "Visa",
  master: "Master",
  amex: "American Express",
  unionpay: "UnionPay",
};
const FIELD_LABEL: Record<string, string> = {
  number: "Card number",
  name: "Name on card",
  month: "Expiry month",
  year: "Expiry year",
  cvc: "CVV",
};

const problem = (message: string) => json(400, { error: message });
/** A field the shopper typed wrong: the frame marks it; its page is told "input-validation" and says nothing more. */
const inputProblem = (message: string) => json(400, { error: message, code: "input-validation" });

async function submitCard(req: Request, db: Db): Promise<Response> {
  const body = await readJson(req);
  if (!body || typeof body !== "object") return problem("The card details are missing");
  const input = body as Record<string, unknown>;
  const sessionId = typeof input.sessionId === "string" ? input.sessionId : "";
  const session = sessionId ? await findObject<MyFatoorahSessionData>(db, "myfatoorah", "session", sessionId) : null;
  if (!session) return problem("The payment session is not valid");
  if (session.status === "used") return problem("The payment session was used already");
  const checked = checkCard({
    name: input.name,
    number: input.number,
    month: input.month,
    year: input.year,
    cvc: input.cvc,
  });
  if ("errors" in checked) {
    const [field, messages] = Object.entries(checked.errors)[0];
    return inputProblem(`${FIELD_LABEL[field] ?? field} ${messages[0]}`);
  }
  const networks =
    typeof input.networks === "string" && input.networks ? input.networks.split(",").map((n) => n.trim()) : null;
  if (networks && !networks.includes(NETWORK_OF[checked.card.brand])) return problem("This card type is not accepted");
  const moved = await transitionObject<MyFatoorahSessionData>(db, "myfatoorah", "session", sessionId, ["new", "card"], {
    status: "card",
    data: { card: checked.card },
  });
  if (!moved) return problem("The payment session was used already");
  return json(200, { SessionId: sessionId, CardBrand: BRAND_NAME[checked.card.brand] });
}

/** /sandbox/myfatoorah/cardview/<path…> */
export async function cardviewSandbox(req: Request, db: Db, path: string[]): Promise<Response> {
  const route = `${req.method} ${path.join("/")}`;
  if (route === "GET v1/session.js") return script(myfatoorahSessionScript);
  if (route === "GET v1/frame") {
    const q = new URL(req.url).searchParams;
    const page = cardFramePage({
      sessionId: q.get("sessionId") ?? "",
      networks: q.get("networks") ?? "md,v,m",
      language: q.get("language") === "ar" ? "ar" : "en",
      parentOrigin: q.get("origin") ?? "",
    });
    return html(page, 200, true);
  }
  if (route === "POST v1/card") return submitCard(req, db);
  return json(404, { error: "Not found" });
}
