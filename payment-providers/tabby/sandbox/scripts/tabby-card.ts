import "server-only";

// tabby-card.js, sandbox edition: new TabbyCard({selector, currency, lang, price, size, theme, header,
// publicKey, merchantCode}) renders the "4 interest-free payments" promo into the selector.

export const tabbyCardScript = `/* Tabby card — sandbox */
(function () {
  var TEXT = {
    en: { split: function (x, c) { return "4 interest-free payments of " + x + " " + c; }, note: "No fees. Shariah-compliant.", when: ["Today", "In 1 month", "In 2 months", "In 3 months"], sandbox: "Sandbox" },
    ar: { split: function (x, c) { return "4 دفعات بدون فوائد بقيمة " + x + " " + (c === "SAR" ? "ر.س" : c); }, note: "بدون رسوم. متوافق مع أحكام الشريعة.", when: ["اليوم", "بعد شهر", "بعد شهرين", "بعد 3 أشهر"], sandbox: "تجريبي" }
  };
  function TabbyCard(options) {
    if (!(this instanceof TabbyCard)) return new TabbyCard(options);
    var o = options || {};
    var host = typeof o.selector === "string" ? document.querySelector(o.selector) : o.selector;
    if (!host) throw new Error("TabbyCard: nothing matches " + o.selector);
    var lang = o.lang === "ar" ? "ar" : "en";
    var t = TEXT[lang];
    var currency = o.currency || "SAR";
    var price = Number(o.price) || 0;
    var quarter = (Math.round(Math.round(price * 100) / 4) / 100).toFixed(2);
    var dark = o.theme === "black";
    var wrap = document.createElement("div");
    var root = wrap.attachShadow ? wrap.attachShadow({ mode: "open" }) : wrap;
    var steps = t.when.map(function (w, i) {
      return '<li><span class="dot" style="--fill:' + (i + 1) * 25 + '%"></span><b>' + quarter + '</b><small>' + w + "</small></li>";
    }).join("");
    root.innerHTML =
      "<style>" +
      ":host{display:block}" +
      ".card{font:14px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;border:1px solid " + (dark ? "#292929" : "#e5e7eb") + ";border-radius:12px;padding:12px 14px;background:" + (dark ? "#111" : "#fff") + ";color:" + (dark ? "#fff" : "#111827") + "}" +
      ".top{display:flex;align-items:center;justify-content:space-between;gap:8px}" +
      ".logo{background:#3bffc1;color:#111;border-radius:6px;padding:1px 8px;font-weight:800;letter-spacing:.3px}" +
      ".tag{font-size:11px;color:#92400e;background:#fef3c7;border-radius:999px;padding:0 8px}" +
      "p{margin:8px 0 2px;font-weight:600}.note{margin:0;font-weight:400;opacity:.7;font-size:12px}" +
      "ul{list-style:none;margin:10px 0 0;padding:0;display:" + (o.size === "narrow" ? "none" : "grid") + ";grid-template-columns:repeat(4,1fr);gap:6px;text-align:center}" +
      "li{display:grid;justify-items:center;gap:2px}small{font-size:11px;opacity:.7}" +
      ".dot{width:18px;height:18px;border-radius:50%;background:conic-gradient(#3bffc1 var(--fill),#e5e7eb 0)}" +
      "</style>" +
      '<div class="card" dir="' + (lang === "ar" ? "rtl" : "ltr") + '" lang="' + lang + '">' +
      '<div class="top"><span class="logo">tabby</span><span class="tag">' + t.sandbox + "</span></div>" +
      "<p>" + t.split(quarter, currency) + "</p>" +
      '<p class="note">' + t.note + "</p>" +
      "<ul>" + steps + "</ul></div>";
    host.innerHTML = "";
    host.appendChild(wrap);
    this.element = wrap;
  }
  window.TabbyCard = TabbyCard;
})();
`;
