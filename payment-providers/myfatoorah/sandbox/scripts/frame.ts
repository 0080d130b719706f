import "server-only";
import { MADA_BINS } from "@/rules/card-networks";
import { escapeHtml, inlineJson } from "@/platform/sandbox/http";

// The card form inside MyFatoorah's embedded frame (sandbox). The card number never reaches the
// merchant's page: the frame checks it, posts it to the sandbox and tells the parent only the result.

const TEXT = {
  en: {
    number: "Card number",
    name: "Name on card",
    month: "Month",
    year: "Year",
    cvc: "CVC",
    badNumber: "Enter a valid card number",
    badName: "Enter the name on the card (first and last name)",
    badExpiry: "Enter a valid expiry date",
    expired: "The card has expired",
    badCvc: "Enter a valid CVC",
    network: "This card type is not accepted",
    offline: "Could not reach the payment service, try again",
    sandbox: "MyFatoorah sandbox · test cards only",
  },
  ar: {
    number: "رقم البطاقة",
    name: "الاسم على البطاقة",
    month: "الشهر",
    year: "السنة",
    cvc: "رمز التحقق",
    badNumber: "أدخل رقم بطاقة صحيحًا",
    badName: "أدخل الاسم على البطاقة (الاسم الأول والأخير)",
    badExpiry: "أدخل تاريخ انتهاء صحيحًا",
    expired: "انتهت صلاحية البطاقة",
    badCvc: "أدخل رمز تحقق صحيحًا",
    network: "نوع البطاقة غير مقبول",
    offline: "تعذر الوصول إلى خدمة الدفع، حاول مرة أخرى",
    sandbox: "بيئة تجريبية لماي فاتورة · بطاقات اختبار فقط",
  },
};

/** The same mada BIN list the gateway and the storefront's card form read (6- and 8-digit BINs). */
const MADA_BINS_LIST = [...MADA_BINS];

const frameScript = `
(function () {
  var cfg = window.__mf;
  var t = cfg.text;
  var form = document.getElementById("card");
  var errorBox = document.getElementById("error");
  var f = function (id) { return document.getElementById(id); };
  function digits(v) { return String(v || "").replace(/[\\s-]/g, ""); }
  function luhn(d) {
    var sum = 0;
    for (var i = 0; i < d.length; i++) {
      var n = +d[d.length - 1 - i];
      if (i % 2) { n *= 2; if (n > 9) n -= 9; }
      sum += n;
    }
    return d.length > 0 && sum % 10 === 0;
  }
  function network(d) {
    if (cfg.madaBins.indexOf(d.slice(0, 6)) >= 0 || cfg.madaBins.indexOf(d.slice(0, 8)) >= 0) return "md";
    if (/^4/.test(d)) return "v";
    if (/^(5[1-5]|2[2-7])/.test(d)) return "m";
    return null;
  }
  function mark(id, bad) { f(id).setAttribute("aria-invalid", bad ? "true" : "false"); }
  function problem() {
    var d = digits(f("number").value);
    var net = /^\\d{12,19}$/.test(d) && luhn(d) ? network(d) : null;
    ["number", "name", "month", "year", "cvc"].forEach(function (id) { mark(id, false); });
    if (!net) { mark("number", true); return t.badNumber; }
    if (cfg.networks.indexOf(net) < 0) { mark("number", true); return t.network; }
    if (f("name").value.trim().split(/\\s+/).length < 2) { mark("name", true); return t.badName; }
    var m = +f("month").value, y = +f("year").value;
    if (!(m >= 1 && m <= 12)) { mark("month", true); return t.badExpiry; }
    if (y < 100) y += 2000;
    if (!(y >= 2000 && y <= 2100)) { mark("year", true); return t.badExpiry; }
    var now = new Date();
    if (y < now.getFullYear() || (y === now.getFullYear() && m < now.getMonth() + 1)) { mark("year", true); return t.expired; }
    if (!/^\\d{3,4}$/.test(f("cvc").value.trim())) { mark("cvc", true); return t.badCvc; }
    return null;
  }
  function resize() {
    parent.postMessage({ mf: "height", height: document.documentElement.scrollHeight }, cfg.parentOrigin || "*");
  }
  function show(message) { errorBox.textContent = message || ""; resize(); }
  function reply(id, result) { result.mf = "result"; result.id = id; parent.postMessage(result, cfg.parentOrigin || "*"); }
  form.addEventListener("submit", function (e) { e.preventDefault(); });
  // A correction clears the last complaint.
  form.addEventListener("input", function (e) { if (e.target && e.target.id) mark(e.target.id, false); if (errorBox.textContent) show(""); });
  window.addEventListener("message", function (e) {
    if (cfg.parentOrigin && e.origin !== cfg.parentOrigin) return;
    if (!e.data || e.data.mf !== "submit") return;
    var id = e.data.id;
    var p = problem();
    if (p) { show(p); reply(id, { ok: false, error: p, code: "input-validation" }); return; }
    show("");
    fetch("card", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sessionId: cfg.sessionId, networks: cfg.networks.join(","), number: digits(f("number").value), name: f("name").value, month: f("month").value, year: f("year").value, cvc: f("cvc").value })
    }).then(function (r) {
      return r.json().then(function (b) { return { ok: r.ok, body: b }; });
    }).then(function (x) {
      if (x.ok) reply(id, { ok: true, SessionId: x.body.SessionId, CardBrand: x.body.CardBrand });
      else { show(x.body.error); reply(id, { ok: false, error: x.body.error, code: x.body.code }); }
    }).catch(function () { show(t.offline); reply(id, { ok: false, error: t.offline }); });
  });
  window.addEventListener("load", resize);
  resize();
})();
`;

export function cardFramePage(opts: {
  sessionId: string;
  networks: string;
  language: "ar" | "en";
  parentOrigin: string;
}): string {
  const t = TEXT[opts.language];
  const networks = opts.networks
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  const config = {
    sessionId: opts.sessionId,
    networks,
    parentOrigin: opts.parentOrigin,
    text: t,
    madaBins: MADA_BINS_LIST,
  };
  const field = (id: string, label: string, attrs: string) =>
    `<label for="${id}">${escapeHtml(label)}</label><input id="${id}" name="${id}" ${attrs}>`;
  return `<!doctype html>
<html lang="${opts.language}" dir="${opts.language === "ar" ? "rtl" : "ltr"}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.number)}</title>
<style>
*{box-sizing:border-box}
body{margin:0;padding:2px;font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;background:transparent}
form{display:grid;gap:4px}
label{font-size:13px;color:#374151;margin-top:6px}
input{width:100%;min-height:44px;border:1px solid #d1d5db;border-radius:8px;padding:8px 12px;font:inherit;background:#fff;direction:ltr}
input:focus{outline:2px solid #0f766e;outline-offset:0;border-color:#0f766e}
input[aria-invalid=true]{border-color:#dc2626}
.row{display:grid;grid-template-columns:1fr 1fr 1fr;gap:8px}
.row div{display:grid;gap:4px}
#error{color:#b91c1c;font-size:13px;min-height:18px;margin:6px 0 0}
small{color:#6b7280;font-size:11px}
</style>
</head>
<body>
<form id="card" novalidate autocomplete="on">
${field("number", t.number, 'inputmode="numeric" autocomplete="cc-number" placeholder="4111 1111 1111 1111" maxlength="23"')}
${field("name", t.name, 'autocomplete="cc-name"')}
<div class="row">
<div>${field("month", t.month, 'inputmode="numeric" autocomplete="cc-exp-month" placeholder="MM" maxlength="2"')}</div>
<div>${field("year", t.year, 'inputmode="numeric" autocomplete="cc-exp-year" placeholder="YY" maxlength="4"')}</div>
<div>${field("cvc", t.cvc, 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4"')}</div>
</div>
<p id="error" role="alert"></p>
<small>${escapeHtml(t.sandbox)}</small>
</form>
<script>window.__mf = ${inlineJson(config)};</script>
<script>${frameScript}</script>
</body>
</html>`;
}
