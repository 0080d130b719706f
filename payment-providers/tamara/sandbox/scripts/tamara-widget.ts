import "server-only";

// widget-v2/tamara-widget.js, sandbox edition: <tamara-widget type="tamara-summary" amount="…"
// inline-type="2"> with window.tamaraWidgetConfig = {lang, country, publicKey}: a split-in-4 message.

export const tamaraWidgetScript = `/* Tamara widget v2 — sandbox */
(function () {
  if (window.customElements && customElements.get("tamara-widget")) return;
  var TEXT = {
    en: { split: function (x) { return "Split in 4 payments of " + x + " SAR"; }, note: "No interest. No late fees.", sandbox: "Sandbox" },
    ar: { split: function (x) { return "قسّمها على 4 دفعات بقيمة " + x + " ر.س"; }, note: "بدون فوائد. بدون رسوم تأخير.", sandbox: "تجريبي" }
  };
  function config() { return window.tamaraWidgetConfig || {}; }
  class TamaraWidget extends HTMLElement {
    static get observedAttributes() { return ["amount", "type", "inline-type", "lang"]; }
    connectedCallback() { this.render(); }
    attributeChangedCallback() { if (this.isConnected) this.render(); }
    render() {
      var lang = (this.getAttribute("lang") || config().lang) === "ar" ? "ar" : "en";
      var t = TEXT[lang];
      var amount = Number(this.getAttribute("amount")) || 0;
      var quarter = (Math.round(Math.round(amount * 100) / 4) / 100).toFixed(2);
      var root = this.shadowRoot || this.attachShadow({ mode: "open" });
      root.innerHTML =
        "<style>:host{display:block}" +
        ".w{font:14px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;display:flex;align-items:center;gap:10px;border:1px solid #e9e3f7;border-radius:12px;padding:10px 14px;background:#fbf9ff;color:#1f1235}" +
        ".logo{font-weight:800;color:#8b3dff}" +
        "p{margin:0;font-weight:600}.note{font-weight:400;font-size:12px;opacity:.75}" +
        ".tag{margin-inline-start:auto;font-size:11px;color:#92400e;background:#fef3c7;border-radius:999px;padding:0 8px}</style>" +
        '<div class="w" dir="' + (lang === "ar" ? "rtl" : "ltr") + '" lang="' + lang + '">' +
        '<span class="logo">tamara</span><div><p>' + t.split(quarter) + '</p><p class="note">' + t.note + "</p></div>" +
        '<span class="tag">' + t.sandbox + "</span></div>";
    }
  }
  customElements.define("tamara-widget", TamaraWidget);
  window.TamaraWidgetV2 = {
    refresh: function () { document.querySelectorAll("tamara-widget").forEach(function (el) { el.render(); }); }
  };
})();
`;
