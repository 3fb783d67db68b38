"use strict";
(function () {
  var games = Array.prototype.slice.call(document.querySelectorAll("article.game"));
  var many = games.length > 1;
  var current = null;

  function framesOf(g) { return g.querySelectorAll(".frame"); }

  function fragment(g, frame) {
    var move = "move-" + frame.getAttribute("data-move");
    return many ? "game-" + g.getAttribute("data-game") + "-" + move : move;
  }

  function show(g, index, write) {
    var frames = framesOf(g);
    if (!frames.length) return;
    index = Math.max(0, Math.min(frames.length - 1, index));
    games.forEach(function (other) { other.hidden = other !== g; });
    current = g;
    Array.prototype.forEach.call(frames, function (f, i) { f.hidden = i !== index; });
    var list = g.querySelector(".moves");
    var items = list.querySelectorAll("li:not(.no)");
    Array.prototype.forEach.call(items, function (li, i) {
      var on = i === index;
      li.classList.toggle("on", on);
      var a = li.querySelector("a");
      if (on) { a.setAttribute("aria-current", "step"); } else { a.removeAttribute("aria-current"); }
      if (on) list.scrollTop = li.offsetTop - list.clientHeight / 2;
    });
    var chart = g.querySelector(".chart");  // a review page's: the current move's column lit
    if (chart) {
      Array.prototype.forEach.call(chart.querySelectorAll("a[data-i]"), function (a) {
        var on = Number(a.getAttribute("data-i")) === index;
        a.classList.toggle("on", on && !a.classList.contains("pt"));
        if (on) { a.setAttribute("aria-current", "step"); } else { a.removeAttribute("aria-current"); }
      });
    }
    var slider = g.querySelector("input[type=range]");
    slider.value = String(index);
    g.querySelector("output").textContent = frames[index].getAttribute("data-label") + " (" + index + " of " + (frames.length - 1) + ")";
    g.setAttribute("data-index", String(index));
    if (write) {
      var hash = "#" + fragment(g, frames[index]);
      if (location.hash !== hash) location.replace(hash);
    }
  }

  function index(g) { return Number(g.getAttribute("data-index") || "0"); }

  function open() {
    var m = /^#(?:game-(\d+)-)?move-(\d+)$/.exec(location.hash);
    var g = games[0];
    var target = 0;
    if (m) {
      if (m[1]) g = games[Number(m[1]) - 1] || g;
      var frames = framesOf(g);
      for (var i = 0; i < frames.length; i++) {
        if (frames[i].getAttribute("data-move") === m[2]) { target = i; break; }
      }
    } else if (current) {
      return;
    }
    if (g) show(g, target, false);
  }

  games.forEach(function (g) {
    g.querySelector(".ctl").addEventListener("click", function (e) {
      var b = e.target.closest("button");
      if (!b) return;
      var n = framesOf(g).length - 1;
      var to = {first: 0, prev: index(g) - 1, next: index(g) + 1, last: n}[b.getAttribute("data-go")];
      show(g, to, true);
    });
    g.querySelector("input[type=range]").addEventListener("input", function (e) {
      show(g, Number(e.target.value), true);
    });
    g.querySelector(".moves").addEventListener("click", function (e) {
      var a = e.target.closest("a");
      if (!a) return;
      e.preventDefault();
      show(g, Number(a.getAttribute("data-i")), true);
    });
  });

  document.addEventListener("keydown", function (e) {
    if (!current || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.target && e.target.type === "range") return;  // the slider steps by itself
    var n = framesOf(current).length - 1;
    var to = {ArrowRight: index(current) + 1, ArrowLeft: index(current) - 1, Home: 0, End: n}[e.key];
    if (to === undefined) return;
    e.preventDefault();
    show(current, to, true);
  });
  window.addEventListener("hashchange", open);
  open();
})();
