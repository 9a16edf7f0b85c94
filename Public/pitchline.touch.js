/* Pitchline pointer and touch: pressing, dragging or tapping along a chart's drawing or its
   slider's track moves the cursor, plays each point passed and says where it is. Joined after
   pitchline.js (Public/*.js go into one script in name order) and uses its window.Pitchline. */
(function () {
  "use strict";

  var core = window.Pitchline;
  if (!core) return;
  var P = core.Chart.prototype, charts = core.charts, settings = core.settings, now = core.now;

  /* The scrubber index under `clientX`: along the track (evenly spaced) or the drawing (the
     nearest point's x, from the generator's cx). */
  P.rowAt = function (clientX, onTrack) {
    if (onTrack) {
      var r = this.slider.getBoundingClientRect();
      if (!(r.width > 0)) return this.row;
      return Math.max(0, Math.min(this.rows - 1, Math.round((clientX - r.left) / r.width * (this.rows - 1))));
    }
    var svg = this.figure.querySelector("svg.pl-svg"), xs = this.series[0].cx;
    var m = svg && svg.getScreenCTM ? svg.getScreenCTM() : null;
    if (!m || !xs || !xs.length) return this.row;
    var x = (clientX - m.e) / m.a, lo = 0, hi = xs.length - 1;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (xs[mid] < x) lo = mid + 1; else hi = mid; }
    if (lo > 0 && x - xs[lo - 1] < xs[lo] - x) lo--;
    return lo;
  };

  /* ---- Pointer and touch: pressing, dragging or tapping along the drawing or the track moves
     the cursor, plays each point passed (at most one tone per TONE_GAP) and says where it is
     (at most one label per SAY_GAP, and the point where the drag ends). Listeners sit on the
     document, so the drawing itself is not announced as "clickable". On a touch screen a drag
     on the drawing starts only once it goes sideways: a vertical swipe still scrolls the page
     (CSS touch-action: pan-y), and once scrubbing, touchmove is cancelled so the page stays put. */
  var TONE_GAP = 70, SAY_GAP = 300;   // milliseconds
  var drag = null;

  function dragStart(e) {
    if (drag || e.button > 0 || e.isPrimary === false) return;
    var t = e.target, track = !!(t && t.classList && t.classList.contains("pl-slider"));
    var zone = track ? t : (t && t.closest ? t.closest("svg.pl-svg") : null), chart = null;
    for (var i = 0; zone && i < charts.length; i++) if (charts[i].figure.contains(zone)) chart = charts[i];
    if (!chart) return;
    e.preventDefault();   // no text selection, no native range drag
    drag = { chart: chart, id: e.pointerId, track: track, x0: e.clientX, y0: e.clientY,
             active: e.pointerType !== "touch" || track, lastTone: 0, lastSay: 0, said: -1, timer: 0 };
    chart.dragging = true;   // the slider's own input events are the drag's (see pitchline.js)
    try { zone.setPointerCapture(e.pointerId); } catch (err) { /* the events still bubble */ }
    if (drag.active) dragTo(e.clientX, true);
  }

  function dragMove(e) {
    if (!drag || e.pointerId !== drag.id) return;
    if (!drag.active) {   // touch on the drawing: sideways scrubs, up or down scrolls
      var dx = Math.abs(e.clientX - drag.x0), dy = Math.abs(e.clientY - drag.y0);
      if (dx < 6 && dy < 6) return;
      if (dy > dx) { drag.chart.dragging = false; drag = null; return; }
      drag.active = true;
      dragTo(e.clientX, true);
      return;
    }
    dragTo(e.clientX, false);
  }

  function dragTo(clientX, first) {
    var d = drag, chart = d.chart, row = chart.rowAt(clientX, d.track), t = now();
    if (first) {   // focus, sound loading, the point played and said
      chart.pick(row);
      d.lastTone = d.lastSay = t;
      d.said = row;
      return;
    }
    if (row === chart.row) return;
    chart.show(row);   // the cursor follows at once
    if (t - d.lastTone >= TONE_GAP) { d.lastTone = t; chart.playPoint(); }
    clearTimeout(d.timer);
    if (t - d.lastSay >= SAY_GAP) sayDragged(d);
    else d.timer = setTimeout(function () { sayDragged(d); }, SAY_GAP - (t - d.lastSay));
  }

  function sayDragged(d) {
    d.lastSay = now();
    if (d.said === d.chart.row) return;
    d.said = d.chart.row;
    if (settings.get("speech")) d.chart.announce(d.chart.label(d.chart.row));
  }

  function dragEnd(e) {
    if (!drag || e.pointerId !== drag.id) return;
    var d = drag;
    drag = null;
    d.chart.dragging = false;
    clearTimeout(d.timer);
    if (e.type === "pointercancel") return;   // the browser took the gesture (a scroll)
    if (!d.active) { d.chart.pick(d.chart.rowAt(e.clientX, d.track)); return; }   // a tap
    sayDragged(d);   // where the drag ended, once
  }

  document.addEventListener("pointerdown", dragStart);
  document.addEventListener("pointermove", dragMove);
  document.addEventListener("pointerup", dragEnd);
  document.addEventListener("pointercancel", dragEnd);
  document.addEventListener("touchmove", function (e) { if (drag && drag.active && e.cancelable) e.preventDefault(); }, { passive: false });
})();
