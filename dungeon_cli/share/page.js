"use strict";
(function () {
  var games = Array.prototype.slice.call(document.querySelectorAll("article.game"));
  var many = games.length > 1;
  var current = null;

  function framesOf(g) { return g.querySelectorAll(".frame"); }

  // Each board says which boards come before and after it on its own line, and a
  // variation's board the one it is tried instead of (back) and the main line's it hangs from (root).
  function link(frame, name) {
    var v = frame.getAttribute("data-" + name);
    return v === null ? null : Number(v);
  }

  function fragment(g, frame) {
    var move = "move-" + frame.getAttribute("data-move");
    return many ? "game-" + g.getAttribute("data-game") + "-" + move : move;
  }

  function show(g, index, write) {
    var frames = framesOf(g);
    if (!frames.length || index === null || index === undefined) return;
    index = Math.max(0, Math.min(frames.length - 1, index));
    games.forEach(function (other) { other.hidden = other !== g; });
    current = g;
    Array.prototype.forEach.call(frames, function (f, i) { f.hidden = i !== index; });
    var frame = frames[index];
    var root = link(frame, "root") || 0;
    var list = g.querySelector(".moves");
    Array.prototype.forEach.call(list.querySelectorAll("a[data-i]"), function (a) {
      var on = Number(a.getAttribute("data-i")) === index;
      var li = a.parentNode;
      li.classList.toggle("on", on);
      if (on) { a.setAttribute("aria-current", "step"); } else { a.removeAttribute("aria-current"); }
      if (on) list.scrollTop = li.offsetTop - list.clientHeight / 2;
    });
    var chart = g.querySelector(".chart");  // a review page's: the current move's column lit (a variation's: the main line's move)
    if (chart) {
      Array.prototype.forEach.call(chart.querySelectorAll("a[data-i]"), function (a) {
        var on = Number(a.getAttribute("data-i")) === root;
        a.classList.toggle("on", on && !a.classList.contains("pt"));
        if (on) { a.setAttribute("aria-current", "step"); } else { a.removeAttribute("aria-current"); }
      });
    }
    var inLine = frame.hasAttribute("data-back");
    var back = g.querySelector("button[data-go=main]");
    if (back) back.hidden = !inLine;
    var slider = g.querySelector("input[type=range]");
    slider.value = String(root);
    var last = Number(slider.getAttribute("max"));
    g.querySelector("output").textContent = frame.getAttribute("data-label") + (inLine ? "" : " (" + index + " of " + last + ")");
    g.setAttribute("data-index", String(index));
    if (write) {
      var hash = "#" + fragment(g, frame);
      if (location.hash !== hash) location.replace(hash);
    }
  }

  function index(g) { return Number(g.getAttribute("data-index") || "0"); }

  function frameAt(g) { return framesOf(g)[index(g)]; }

  function lastOfLine(g) {
    var frames = framesOf(g), at = index(g);
    while (link(frames[at], "next") !== null) at = link(frames[at], "next");
    return at;
  }

  function firstVariation(g) {
    var a = g.querySelector('.moves a[data-i="' + index(g) + '"]');
    var inner = a && a.parentNode.querySelector(":scope > ol.var > li > a[data-i]");
    return inner ? Number(inner.getAttribute("data-i")) : null;
  }

  function go(g, where) {
    var frame = frameAt(g);
    switch (where) {
      case "first": return 0;
      case "prev": return link(frame, "prev");
      case "next": return link(frame, "next");
      case "last": return lastOfLine(g);
      case "main": return link(frame, "root");
      case "up": return link(frame, "back");
      case "down": return firstVariation(g);
    }
    return null;
  }

  function open() {
    var m = /^#(?:game-(\d+)-)?move-([0-9.]+)$/.exec(location.hash);
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
      show(g, go(g, b.getAttribute("data-go")), true);
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

  var KEYS = {ArrowRight: "next", ArrowLeft: "prev", Home: "first", End: "last", ArrowDown: "down", ArrowUp: "up", Escape: "main"};

  document.addEventListener("keydown", function (e) {
    if (!current || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.target && e.target.type === "range") return;  // the slider steps by itself
    var where = KEYS[e.key];
    if (where === undefined) return;
    var to = go(current, where);
    if (to === null) return;  // nothing there: the key keeps its usual meaning (up and down scroll)
    e.preventDefault();
    show(current, to, true);
  });
  window.addEventListener("hashchange", open);
  open();
})();
