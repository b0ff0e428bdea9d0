/*
 * Say in words when Pyodide cannot be loaded.
 *
 * JupyterLite's Python kernel (Pyodide) is fetched from the Pyodide CDN when a notebook starts.
 * Without internet access to it (offline, or a school network that blocks the CDN) the notebook
 * waits at [*] forever and the kernel reads "Unknown"; the only error is in a log. This script
 * asks the CDN for Pyodide's loader once and, when that fails, shows a message at the top of the
 * page (in #bgw-pyodide-status when the page has one, else in a banner).
 *
 * <script src=".../bgw_pyodide_check.js" data-pyodide-url="https://cdn.jsdelivr.net/pyodide/.../pyodide.mjs">
 */
(function () {
  "use strict";
  var script = document.currentScript;
  var url = script && script.dataset.pyodideUrl;
  if (!url) {
    return;
  }
  var timeoutMs = Number(script.dataset.timeoutMs || 20000);
  var host = new URL(url).host;
  var text =
    "Python cannot start here: JupyterLite needs internet access to the Pyodide CDN (" +
    host +
    "), and it cannot be reached from this computer — it is offline, or the network blocks that address. " +
    "The notebooks will wait at [*] and the kernel will read \u201cUnknown\u201d. " +
    "Ask for " +
    host +
    " to be allowed, or use Binder or an installed copy instead (pip install boardgames_widgets).";

  function show(detail) {
    var box = document.getElementById("bgw-pyodide-status");
    if (!box) {
      box = document.createElement("div");
      box.id = "bgw-pyodide-status";
      box.style.cssText =
        "position:fixed;top:0;left:0;right:0;z-index:100000;padding:0.6em 1em;" +
        "background:#fff3cd;color:#5c3c00;border-bottom:2px solid #d39e00;font:15px/1.4 sans-serif;";
      var close = document.createElement("button");
      close.textContent = "\u00d7";
      close.setAttribute("aria-label", "Close this message");
      close.style.cssText = "float:right;font-size:18px;border:none;background:none;cursor:pointer;";
      close.onclick = function () {
        box.remove();
      };
      box.appendChild(close);
      (document.body || document.documentElement).appendChild(box);
    }
    box.setAttribute("role", "alert");
    box.classList.add("bgw-pyodide-offline");
    var p = document.createElement("p");
    p.style.margin = "0";
    p.textContent = text;
    box.appendChild(p);
    box.dataset.detail = detail;
    box.hidden = false;
  }

  function check() {
    var controller = new AbortController();
    var timer = setTimeout(function () {
      controller.abort();
    }, timeoutMs);
    // "no-cors": an opaque answer is enough to know the CDN is reachable.
    fetch(url, { mode: "no-cors", signal: controller.signal })
      .then(function () {
        clearTimeout(timer);
        document.documentElement.dataset.bgwPyodide = "reachable";
      })
      .catch(function (err) {
        clearTimeout(timer);
        document.documentElement.dataset.bgwPyodide = "unreachable";
        show(String(err));
      });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", check);
  } else {
    check();
  }
})();
