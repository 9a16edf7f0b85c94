/* Selections (issue 28), joined before pitchline.js: a chart whose spec has selections gets them
   as keyboard and screen-reader controls (the data script's `select`, made by the generator,
   ChartPresentation+Selections.swift):
   - an interval selection along x: Shift+Left/Right extends a range from an anchor, said once
     when the keys settle; P plays only the range; Escape clears it;
   - a point selection bound to the legend: a toggle button (aria-pressed) per series; a series
     not shown is faded (the spec's opacity for unselected marks) or hidden in the drawing and
     skipped by Up/Down and the all-series view, and what is shown is said once;
   - a point selection made by clicking: Enter toggles the current point, the drawing shows it
     as the spec's condition does, the table marks the row.
   Every word is the generator's (select.text, series names, x labels and point labels); this
   fills placeholders only. Hooks in pitchline.js are marked "params:". */
(function () {
  "use strict";

  /* ms after the last Shift+arrow before the range is said, once: longer than the ~0.9 s between
     keys of the Orca harness with no extra gap (measured: at 700 ms a relaxed pace heard a
     sentence per key); the tones play at once, so the wait is not silent. */
  var SETTLE = 1200;
  var followers = {};  // interval name -> the Params of panels whose row axis follows it (overview + detail)

  function Params(chart, hooks) {
    this.chart = chart;
    this.fill = hooks.fill;
    this.info = chart.data.select;
    this.text = this.info.text;
    this.range = null;     // {anchor, lo, hi, end}: the keyboard range, while there is one
    this.timer = 0;
    this.hidden = [];      // per series: true when its legend toggle is off
    this.picked = {};      // rows selected with Enter (point selection)
    this.band = null;      // the range's shading in the drawing
    var svg = chart.figure.querySelector("svg.pl-svg");
    this.groups = svg ? svg.querySelectorAll("g[data-series]") : [];   // each series' marks (ChartSVG.writeSeries)
    this.keys = chart.figure.querySelectorAll("ul.pl-legend > li");     // the drawn legend, one item per series
    this.window = null;    // a follower's rows {lo, hi} inside the range another panel selected
    if (this.info.legend) this.makeToggles();
    if (this.info.follows) (followers[this.info.follows] = followers[this.info.follows] || []).push(this);
  }

  var S = Params.prototype;

  /* ---- Interval: Shift+Left/Right ---- */

  /* Moves the cursor one point (`dir`) and extends the range from its anchor; the tone plays,
     the words wait until the keys settle. True when taken. */
  S.extend = function (dir) {
    var c = this.chart, self = this;
    if (!this.info.interval) return false;
    if (!this.range) this.range = { anchor: c.row };
    var row = Math.max(0, Math.min(c.rows - 1, c.row + dir));
    c.row = row;
    c.playPoint();
    c.show(row);
    this.range.lo = Math.min(this.range.anchor, row);
    this.range.hi = Math.max(this.range.anchor, row);
    this.range.end = row;
    this.drawBand();
    clearTimeout(this.timer);
    this.timer = setTimeout(function () { self.timer = 0; self.sayRange(); }, SETTLE);
    return true;
  };

  /* The range said once, unless the reader moved on meanwhile (another key said its own words). */
  S.sayRange = function () {
    var c = this.chart;
    if (this.range && c.row === this.range.end) c.announce(this.rangeText());
    this.notify();
  };

  /* Panels following this range (a detail view whose x domain is the brush) keep to its x values. */
  S.notify = function () {
    var list = followers[this.info.interval] || [], xs = this.info.xs, r = this.range;
    var span = r && r.lo !== r.hi && xs ? [Math.min(xs[r.lo], xs[r.hi]), Math.max(xs[r.lo], xs[r.hi])] : null;
    for (var i = 0; i < list.length; i++) if (list[i] !== this) list[i].follow(span);
  };

  /* A follower: its scrubber, playback and D keep to the rows within `span` (x values; null: all),
     said once in its live region ("Showing {from} to {to}: {n} points."). */
  S.follow = function (span) {
    var c = this.chart, xs = this.info.xs, lo = -1, hi = -1;
    for (var row = 0; span && xs && row < xs.length; row++) {
      if (xs[row] == null || xs[row] < span[0] || xs[row] > span[1]) continue;
      if (lo < 0) lo = row;
      hi = row;
    }
    var was = this.window;
    this.window = lo >= 0 ? { lo: lo, hi: hi } : null;
    if (!was && !this.window) return;
    if (this.window) {
      if (c.row < lo || c.row > hi) c.show(c.row < lo ? lo : hi);
      this.range = { lo: lo, hi: hi, anchor: lo, end: -1 };
      this.drawBand();
      this.range = null;
    } else if (this.band) this.band.setAttribute("visibility", "hidden");
    c.announce(c.label(c.row), true);   // the slider's text follows, unspoken
    c.say(this.windowText());
  };

  S.windowText = function () {
    var w = this.window, x = this.chart.data.x, n = w ? w.hi - w.lo + 1 : 0;
    if (!w) return this.text.followsAll;
    return this.fill(this.text.follows, { from: x.labels[w.lo], to: x.labels[w.hi], n: x.places ? x.places[n - 1] : String(n) });
  };

  /* The scrubber's first and last reachable rows (pitchline.js' move): a follower's window. */
  S.ends = function (ends) {
    return this.window ? [Math.max(ends[0], this.window.lo), Math.min(ends[1], this.window.hi)] : ends;
  };

  /* "Selected {from} to {to}: {n} points. Lowest: {low}. Highest: {high}." over the series in view
     (the all-series view: every series shown), from the generator's numbers and labels. */
  S.rangeText = function () {
    var c = this.chart, r = this.range, t = this.text, x = c.data.x, nums = this.info.numbers;
    if (r.lo === r.hi) return this.fill(t.rangeOne, { l: c.label(r.lo) });
    var list = c.s < c.series.length ? [c.s] : this.shownSeries(), n = 0, low = null, high = null;
    for (var row = r.lo; row <= r.hi; row++) {
      var any = false;
      for (var i = 0; i < list.length; i++) {
        var v = nums[list[i]][row];
        if (v == null) continue;
        any = true;
        if (!low || v < low.v) low = { v: v, row: row, s: list[i] };
        if (!high || v > high.v) high = { v: v, row: row, s: list[i] };
      }
      if (any) n++;
    }
    var names = { from: x.labels[r.lo], to: x.labels[r.hi] };
    if (!n) return this.fill(t.rangeEmpty, names);
    names.n = x.places ? x.places[n - 1] : String(n);   // the count in the chart's language (place n is "n")
    names.low = this.labelIn(low);
    names.high = this.labelIn(high);
    return this.fill(t.range, names);
  };

  /* A point's label in its own series (the all-series view names the series' point alone). */
  S.labelIn = function (p) {
    var c = this.chart, view = c.s;
    if (view >= c.series.length) c.s = p.s;
    var label = c.label(p.row);
    c.s = view;
    return label;
  };

  /* The range's shading under the marks, from the first to the last point's x. */
  S.drawBand = function () {
    var c = this.chart, line = c.cursor && c.cursor.querySelector("line");
    var ser = c.series[c.s < c.series.length ? c.s : 0];
    if (!line || !ser.cx) return;
    if (!this.band) {
      this.band = document.createElementNS("http://www.w3.org/2000/svg", "rect");
      this.band.setAttribute("class", "pl-range");
      c.cursor.parentNode.insertBefore(this.band, c.cursor.parentNode.firstChild);
    }
    var y1 = +line.getAttribute("y1"), y2 = +line.getAttribute("y2");
    var step = c.rows > 1 ? Math.abs(ser.cx[Math.min(c.rows - 1, 1)] - ser.cx[0]) / 2 : 4;
    var a = Math.min(ser.cx[this.range.lo], ser.cx[this.range.hi]) - step, b = Math.max(ser.cx[this.range.lo], ser.cx[this.range.hi]) + step;
    this.band.setAttribute("x", String(a));
    this.band.setAttribute("width", String(Math.max(1, b - a)));
    this.band.setAttribute("y", String(Math.min(y1, y2)));
    this.band.setAttribute("height", String(Math.abs(y2 - y1)));
    this.band.removeAttribute("visibility");
  };

  /* P: whole-series playback keeps to the range (pitchline.js' playRows and togglePlay). */
  S.limit = function (plan) {
    var r = this.range || this.window;
    if (!r || r.lo === r.hi) return plan;
    return { gap: plan.gap, rows: plan.rows.filter(function (row) { return row >= r.lo && row <= r.hi; }) };
  };

  S.start = function (from) {
    var r = this.range || this.window;
    return r && r.lo !== r.hi && (from < r.lo || from >= r.hi) ? r.lo : from;
  };

  S.playing = function () {
    return this.range && this.range.lo !== this.range.hi ? this.text.playing : null;
  };

  /* Escape: clears the range and the selected points, said with the point. True when there was one. */
  S.clear = function () {
    var c = this.chart, had = !!this.range || Object.keys(this.picked).length > 0;
    if (!had) return false;
    clearTimeout(this.timer);
    this.range = null;
    if (this.band) this.band.setAttribute("visibility", "hidden");
    this.picked = {};
    this.paintPicks();
    c.announce(this.fill(this.text.cleared, { l: c.label(c.row) }));
    this.notify();
    return true;
  };

  /* ---- Point selection: Enter ---- */

  S.toggle = function () {
    var c = this.chart;
    if (!this.info.point) return false;
    var on = !this.picked[c.row];
    if (on) this.picked[c.row] = true; else delete this.picked[c.row];
    this.paintPicks();
    c.playPoint();
    c.announce(this.fill(on ? this.text.point : this.text.unpoint, { l: c.label(c.row) }));
    return true;
  };

  /* Each series' marks by scrubber point: the mark whose centre is nearest the point's x. */
  S.marksByRow = function () {
    if (this.byRow) return this.byRow;
    var c = this.chart, out = [];
    for (var g = 0; g < this.groups.length; g++) {
      var s = +this.groups[g].getAttribute("data-series"), cx = c.series[s] && c.series[s].cx, marks = this.groups[g].querySelectorAll(".pl-bar, .pl-marker");
      for (var m = 0; cx && m < marks.length; m++) {
        var el = marks[m], mid = el.tagName === "rect" ? +el.getAttribute("x") + el.getAttribute("width") / 2 : +el.getAttribute("x");
        var best = 0;
        for (var r = 1; r < cx.length; r++) if (Math.abs(cx[r] - mid) < Math.abs(cx[best] - mid)) best = r;
        (out[best] = out[best] || []).push(el);
      }
    }
    return (this.byRow = out);
  };

  /* The drawing and the table show the selected points: other marks at the spec's opacity (the
     condition's value), selected ones outlined; the table row says "selected". */
  S.paintPicks = function () {
    var any = Object.keys(this.picked).length > 0, byRow = this.marksByRow(), fade = this.info.pointFade;
    var trs = this.chart.tableRows(), self = this;
    byRow.forEach(function (marks, row) {
      for (var i = 0; i < marks.length; i++) {
        var on = !!self.picked[row];
        if (any && !on && fade != null) marks[i].setAttribute("opacity", String(fade)); else marks[i].removeAttribute("opacity");
        marks[i].classList.toggle("pl-picked", on);
      }
    });
    for (var row = 0; row < trs.length; row++) {
      var tr = trs[row];
      if (!tr) continue;
      var mark = tr.querySelector(".pl-selected-mark");
      if (this.picked[row] && !mark) {
        mark = document.createElement("span");
        mark.className = "pl-selected-mark";
        mark.textContent = this.text.selected;
        tr.firstElementChild.appendChild(mark);
        tr.classList.add("pl-selected");
      } else if (!this.picked[row] && mark) {
        mark.parentNode.removeChild(mark);
        tr.classList.remove("pl-selected");
      }
    }
  };

  /* ---- Legend: a toggle per series ---- */

  S.makeToggles = function () {
    var c = this.chart, self = this, box = document.createElement("div");
    box.className = "pl-legend-toggles";
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", this.text.legend);
    this.buttons = [];
    c.series.forEach(function (ser, s) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "pl-toggle";
      b.setAttribute("aria-pressed", "true");
      var tick = document.createElement("span");   // the pressed state's mark, for eyes (aria-pressed says it;
      tick.className = "pl-tick-mark";             // CSS content would join the name: Orca said "✓ Government")
      tick.setAttribute("aria-hidden", "true");
      tick.textContent = "\u2713";
      b.appendChild(tick);
      b.appendChild(document.createTextNode(ser.name));
      b.addEventListener("click", function () { self.flip(s); });
      box.appendChild(b);
      self.buttons.push(b);
    });
    /* The drawn legend's items toggle too, for a pointer, as Vega-Lite's legend does (they stay
       hidden from assistive technology: the buttons are the control). */
    for (var k = 0; k < this.keys.length && k < c.series.length; k++) {
      this.keys[k].classList.add("pl-legend-pick");
      this.keys[k].addEventListener("click", (function (s) { return function () { self.flip(s); }; })(k));
    }
    this.region = document.createElement("p");   // what is shown, said once per toggle
    this.region.className = "pl-live pl-shown-state";
    this.region.setAttribute("aria-live", "polite");
    var scrub = c.figure.querySelector(".pl-scrub");
    scrub.appendChild(box);
    scrub.appendChild(this.region);
  };

  S.shownSeries = function () {
    var out = [];
    for (var s = 0; s < this.chart.series.length; s++) if (!this.hidden[s]) out.push(s);
    return out;
  };

  /* Shows or hides series `s`; the last series shown stays. */
  S.flip = function (s) {
    var c = this.chart, shown = this.shownSeries();
    if (!this.hidden[s] && shown.length === 1) {
      this.region.textContent = this.fill(this.text.lastShown, { name: c.series[s].name });
      return;
    }
    this.hidden[s] = !this.hidden[s];
    this.buttons[s].setAttribute("aria-pressed", this.hidden[s] ? "false" : "true");
    var fade = this.info.legendFade;
    for (var g = 0; g < this.groups.length; g++) {
      if (+this.groups[g].getAttribute("data-series") !== s) continue;
      if (!this.hidden[s]) { this.groups[g].removeAttribute("opacity"); this.groups[g].removeAttribute("display"); }
      else if (fade != null) this.groups[g].setAttribute("opacity", String(fade));
      else this.groups[g].setAttribute("display", "none");
    }
    if (this.keys[s]) this.keys[s].classList.toggle("pl-faded", !!this.hidden[s]);
    if (c.s < c.series.length && this.hidden[c.s]) {   // the scrubber leaves a hidden series
      c.s = this.shownSeries()[0];
      c.show(c.row);
      c.announce(c.label(c.row), true);
    }
    this.region.textContent = this.shownText();
  };

  /* "Showing 2 of 3 series: A, C."; with fewer hidden than shown, the hidden ones: "Showing 12 of
     14 series; hidden: B, E."; every series: "Showing all 14 series." */
  S.shownText = function () {
    var c = this.chart, shown = this.shownSeries(), hidden = [];
    if (shown.length === c.series.length) return this.fill(this.text.showingAll, { total: c.series.length });
    for (var s = 0; s < c.series.length; s++) if (this.hidden[s]) hidden.push(s);
    var few = hidden.length < shown.length, list = few ? hidden : shown;
    var names = list.map(function (i) { return c.series[i].name; }).join(c.data.all ? c.data.all.labels.join : ", ");
    return this.fill(few ? this.text.showingHidden : this.text.showing, { n: shown.length, total: c.series.length, names: names });
  };

  /* S in the all-series view: the shown series' sentences only; D: what is shown, then the summary. */
  S.brief = function (more) {
    if (this.shownSeries().length === this.chart.series.length) return null;
    var c = this.chart;
    return this.shownSeries().map(function (s) { return more ? c.series[s].more : c.series[s].brief; }).join(" ");
  };

  S.describe = function (text) {
    if (this.window) text = this.windowText() + " " + text;
    return this.shownSeries().length === this.chart.series.length ? text : this.shownText() + " " + text;
  };

  window.PitchlineParams = {
    /* Called by pitchline.js for each chart it starts; `hooks`: { fill }. */
    attach: function (chart, hooks) {
      if (!chart.data.select) return;
      chart.params = new Params(chart, hooks);
    }
  };
})();
