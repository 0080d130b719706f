import "server-only";
import type { Db } from "../db/client";
import { escapeHtml, formField, html, seeOther } from "./http";
import { findObject, transitionObject, type SandboxObject, type SandboxProvider } from "./store";

// The hosted pages of the sandboxes (3-D Secure, pay-later approval): plain HTML with inline CSS,
// readable on a 390px phone and on a desktop, clearly marked as a sandbox.

export type PageButton = { action: string; label: string; tone: "primary" | "secondary" | "danger" };

export type HostedPage = {
  provider: string;
  /** The provider's colour for the header and the main button. */
  accent: string;
  accentText?: string;
  title: string;
  intro: string;
  amount: string;
  rows: [string, string][];
  /** Real buttons in one POST form; omitted once the object is settled. */
  buttons?: PageButton[];
  /** Shown instead of the buttons once settled: a message and the way back to the merchant. */
  settled?: { message: string; returnUrl: string };
  /** Buttons still offered on a settled page (paying a paid invoice again). */
  extraButtons?: PageButton[];
};

const css = (accent: string, accentText: string) => `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:#f3f4f6;color:#111827;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;display:flex;align-items:flex-start;justify-content:center;padding:24px 16px}
main{width:100%;max-width:440px;background:#fff;border-radius:16px;box-shadow:0 10px 30px rgba(17,24,39,.08);overflow:hidden}
header{background:${accent};color:${accentText};padding:16px 20px;display:flex;align-items:center;justify-content:space-between;gap:12px}
header strong{font-size:17px;letter-spacing:.2px}
.badge{flex-shrink:0;white-space:nowrap;background:#fde68a;color:#78350f;border-radius:999px;padding:2px 10px;font-size:12px;font-weight:700;text-transform:uppercase;letter-spacing:.6px}
section{padding:20px}
h1{font-size:20px;margin:0 0 6px}
p{margin:0 0 16px;color:#4b5563}
.amount{font-size:30px;font-weight:700;margin:4px 0 16px;font-variant-numeric:tabular-nums}
dl{margin:0 0 20px;border-top:1px solid #e5e7eb}
dl div{display:flex;justify-content:space-between;gap:16px;padding:10px 0;border-bottom:1px solid #e5e7eb}
dt{color:#6b7280}
dd{margin:0;font-weight:600;text-align:end;overflow-wrap:anywhere}
form{display:grid;gap:10px}
button,.back{display:block;width:100%;min-height:48px;border-radius:10px;font:inherit;font-weight:600;cursor:pointer;text-align:center;text-decoration:none;padding:12px}
.primary{background:${accent};color:${accentText};border:0}
.secondary{background:#fff;color:#111827;border:1px solid #d1d5db}
.danger{background:#fff;color:#b91c1c;border:1px solid #fca5a5}
.back{background:${accent};color:${accentText}}
button:focus-visible,.back:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
footer{padding:0 20px 20px;font-size:13px;color:#6b7280}
@media (min-width:640px){body{align-items:center}section{padding:28px}}
`;

const form = (buttons: PageButton[]) =>
  `<form method="post">${buttons.map((b) => `<button type="submit" name="action" value="${escapeHtml(b.action)}" class="${b.tone}">${escapeHtml(b.label)}</button>`).join("")}</form>`;

export function renderHostedPage(page: HostedPage): Response {
  const rows = page.rows.map(([k, v]) => `<div><dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd></div>`).join("");
  const actions = page.settled
    ? `<p role="status">${escapeHtml(page.settled.message)}</p><a class="back" href="${escapeHtml(page.settled.returnUrl)}">Return to the merchant</a>${page.extraButtons ? form(page.extraButtons) : ""}`
    : form(page.buttons ?? []);
  const title = `Sandbox — ${page.provider}`;
  return html(`<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${page.title} · ${title}`)}</title>
<style>${css(page.accent, page.accentText ?? "#fff")}</style>
</head>
<body>
<main>
<header><strong>${escapeHtml(title)}</strong><span class="badge">Test mode</span></header>
<section>
<h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.intro)}</p>
<div class="amount">${escapeHtml(page.amount)}</div>
<dl>${rows}</dl>
${actions}
</section>
<footer>This page is a local sandbox of ${escapeHtml(page.provider)}. No real card is charged and no money moves.</footer>
</main>
</body>
</html>`);
}

export function notFoundPage(provider: string): Response {
  return html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Not found · Sandbox — ${escapeHtml(provider)}</title></head><body style="font-family:system-ui,sans-serif;padding:24px"><h1>Not found</h1><p>This ${escapeHtml(provider)} sandbox page does not exist.</p></body></html>`,
    404,
  );
}

/** One of four instalments, rounded half up to the halala as the promo scripts show it ("114.20"). */
export const quarterOf = (riyals: number) => (Math.round(Math.round(riyals * 100) / 4) / 100).toFixed(2);

/** A pay-later provider's hosted page buttons (brief "Test data"). */
export const PAY_LATER_BUTTONS: PageButton[] = [
  { action: "approve", label: "Approve", tone: "primary" },
  { action: "decline", label: "Decline", tone: "danger" },
  { action: "cancel", label: "Cancel", tone: "secondary" },
];

/**
 * A hosted page's button press: moves the object out of `open` once (a second click or another tab
 * changes nothing) and sends the browser back to the merchant with what the object now is.
 */
export async function pressButton<T>(
  req: Request,
  db: Db,
  ref: { provider: SandboxProvider; kind: string; id: string; open: string[] },
  decide: (action: string) => { status: string; data?: Partial<T> } | null,
  back: (object: SandboxObject<T>) => string,
  /** After the object moved (once): the provider's notifications. */
  onMoved?: (object: SandboxObject<T>) => void,
): Promise<Response> {
  const to = decide(await formField(req, "action"));
  if (!to) return seeOther(new URL(req.url).pathname);
  const moved = await transitionObject<T>(db, ref.provider, ref.kind, ref.id, ref.open, to);
  if (moved) onMoved?.(moved);
  const current = moved ?? (await findObject<T>(db, ref.provider, ref.kind, ref.id));
  return current ? seeOther(back(current)) : notFoundPage(ref.provider);
}
