import "server-only";

// MyFatoorah's cardview v1 session.js, sandbox edition: window.myFatoorah.init(config) renders the
// card frame into #cardViewId; submit() asks the frame and resolves {SessionId, CardBrand}.

export const myfatoorahSessionScript = `/* MyFatoorah cardview v1 — sandbox */
(function () {
  var current = document.currentScript || document.querySelector('script[src*="cardview/v1/session.js"]');
  var base = new URL("./", current ? current.src : location.href);
  var frame = null;
  var pending = {};
  var seq = 0;
  // The frame's first message says it is listening; a submit() before that waits for it.
  var ready = null;
  var markReady = null;

  window.addEventListener("message", function (e) {
    if (!frame || e.source !== frame.contentWindow || e.origin !== base.origin || !e.data) return;
    if (markReady) { markReady(); markReady = null; }
    if (e.data.mf === "height" && e.data.height > 0) { frame.style.height = Math.ceil(e.data.height) + "px"; return; }
    if (e.data.mf !== "result") return;
    var p = pending[e.data.id];
    if (!p) return;
    delete pending[e.data.id];
    clearTimeout(p.timer);
    if (e.data.ok) p.resolve({ SessionId: e.data.SessionId, CardBrand: e.data.CardBrand });
    else { var err = new Error(e.data.error || "Card details are not valid"); if (e.data.code) err.code = e.data.code; p.reject(err); }
  });

  window.myFatoorah = {
    init: function (config) {
      if (!config || !config.sessionId) throw new Error("myFatoorah.init: sessionId is required");
      var host = document.getElementById(config.cardViewId);
      if (!host) throw new Error("myFatoorah.init: no element with id " + config.cardViewId);
      var networks = Array.isArray(config.supportedNetworks) ? config.supportedNetworks.join(",") : String(config.supportedNetworks || "md,v,m");
      var url = new URL("frame", base);
      url.searchParams.set("sessionId", config.sessionId);
      url.searchParams.set("networks", networks.replace(/\\s+/g, ""));
      url.searchParams.set("language", config.language === "ar" ? "ar" : "en");
      url.searchParams.set("countryCode", config.countryCode || "SAU");
      url.searchParams.set("origin", location.origin);
      ready = new Promise(function (resolve) { markReady = resolve; });
      frame = document.createElement("iframe");
      frame.src = url.toString();
      frame.title = config.language === "ar" ? "بيانات البطاقة" : "Card details";
      frame.setAttribute("allow", "payment");
      frame.style.cssText = "display:block;width:100%;height:300px;border:0;background:transparent";
      host.innerHTML = "";
      host.appendChild(frame);
    },
    submit: function () {
      if (!frame || !frame.contentWindow) return Promise.reject(new Error("myFatoorah.init has not been called"));
      var id = ++seq;
      var target = frame;
      return new Promise(function (resolve, reject) {
        var timer = setTimeout(function () { delete pending[id]; reject(new Error("The card form did not answer")); }, 20000);
        pending[id] = { resolve: resolve, reject: reject, timer: timer };
        ready.then(function () { target.contentWindow.postMessage({ mf: "submit", id: id }, base.origin); });
      });
    }
  };
})();
`;
