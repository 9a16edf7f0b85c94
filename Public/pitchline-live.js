/* Live charts (issue 29), joined before pitchline.js: under `pitchline serve` a live chart's page
   (marked by the response header `Server-Timing: pitchline-live`) opens an EventSource on
   `charts/<id>/events` (same origin: the CSP's default-src 'self'). New points join the
   scrubber without moving the cursor or interrupting speech; End reaches the newest; M toggles
   monitor mode (each new point plays its tone; speech coalesced by the reader setting `monitor`,
   dialog O, which Shift+M also steps through).
   Every word is the generator's (data.live.text); this fills placeholders only. */
(function () {
  "use strict";

  var INTERVALS = ["every", 5, 30, "thresholds"];   // the reader setting `monitor` (ReaderSettings): every point, 5 s, 30 s, crossings only
  var settings = null;   // window.PitchlineSettings (pitchline-settings.js is joined after this file)
  /* Monitor speech waits until the reader's keys have been still this long: Orca 43 speaks a
     polite region's text at once, cutting off the point an arrow key had it say (a label of
     about ten words takes some 3 s at Orca's default rate; heard in test_orca_live.py). */
  var HOLD_MS = 3000;
  var DRAW_MS = 1000;   // at most one drawing a second

  function served() {
    if (!/^https?:$/.test(location.protocol) || !window.EventSource || !window.performance || !performance.getEntriesByType) return false;
    var nav = performance.getEntriesByType("navigation")[0], timing = (nav && nav.serverTiming) || [];
    for (var i = 0; i < timing.length; i++) if (timing[i].name === "pitchline-live") return true;
    return false;
  }

  function Live(chart, hooks) {
    this.chart = chart;
    this.hooks = hooks;
    this.info = chart.data.live;
    this.text = this.info.text;
    this.monitor = false;
    this.pending = [];        // points not yet summarised (monitor mode)
    this.timer = 0;
    this.outside = 0;         // -1/1 while the current series' values lie outside the scale (said once)
    this.scale = "";          // "Above the scale: 41.2", said with the next sentence
    this.keyAt = 0;           // when the reader last pressed a key on the chart
    this.settled = true;      // the slider has said a point since it took focus (see add)
    this.state = null;
    var scrub = chart.figure.querySelector(".pl-scrub");
    this.status = document.createElement("p");
    this.status.className = "pl-live pl-live-state";
    this.status.setAttribute("aria-live", "polite");
    scrub.appendChild(this.status);
    var asOf = document.getElementById(chart.id + "-as-of");
    if (asOf) asOf.hidden = true;   // the page is live now: it no longer says "as of"
    this.connect();
    var self = this, slider = chart.slider;
    slider.addEventListener("focus", function () { self.settled = false; });
    new MutationObserver(function () { self.settled = true; })
      .observe(slider, { attributes: true, attributeFilter: ["aria-valuetext"] });
    document.addEventListener("visibilitychange", function () {
      if (document.hidden) self.pause(); else if (!self.source) self.connect();
    });
  }

  var L = Live.prototype;

  L.url = function (drawing) {
    var audio = this.chart.figure.getAttribute("data-audio") || "";
    var base = new URL(audio || ".", location.href);   // the charts/ folder, wherever the page is
    if (drawing) return new URL(this.info.events.replace(/events$/, "drawing"), base).href;
    return new URL(this.info.events + "?from=" + this.chart.rows, base).href;
  };

  L.connect = function () {
    var self = this, source = new EventSource(this.url());
    this.source = source;
    source.onopen = function () { self.setState("live"); };
    source.onerror = function () {
      if (source.readyState === EventSource.CLOSED) { self.source = null; self.setState("paused"); }
      else self.setState("reconnecting");
    };
    source.addEventListener("point", function (e) {
      var point;
      try { point = JSON.parse(e.data); } catch (err) { return; }
      self.add(point);
    });
    source.addEventListener("words", function (e) {
      try { self.words(JSON.parse(e.data)); } catch (err) { /* the page keeps the words it has */ }
      if (!self.drawTimer) self.drawTimer = setTimeout(function () { self.redraw(); }, DRAW_MS);
    });
  };

  L.pause = function () {
    if (this.source) this.source.close();
    this.source = null;
    this.setState("paused");
  };

  /* Only connection changes go to this polite region, each once. */
  L.setState = function (state) {
    if (state === this.state) return;
    this.state = state;
    this.status.textContent = this.text[state];
  };

  /* A new point joins every per-point array; the slider's range grows, its value and text stay. */
  L.add = function (p) {
    var c = this.chart, d = c.data, row = c.rows;
    if (p.id < row) return;   // a point the page has (a resumed stream)
    d.x.labels.push(p.x);
    if (d.x.places) d.x.places.push(p.p);
    for (var s = 0; s < c.series.length; s++) {
      var ser = c.series[s];
      ser.values.push(p.v[s]);
      if (ser.tones) ser.tones.push(p.t[s]);
      if (ser.details || p.d) { ser.details = ser.details || []; ser.details[row] = p.d ? p.d[s] : null; }
      if (ser.cx) ser.cx.push(ser.cx[ser.cx.length - 1]);   // drawn at the plot's right edge
      if (ser.cy) ser.cy.push(null);
      if (p.m) for (var k = 0; k < p.m[s].length; k++) {   // M's stops (marks' rows) gain the crossing
        var at = c.marks[p.m[s][k]] && c.marks[p.m[s][k]].rows[s];
        if (at) at.push(row);
      }
    }
    c.rows = row + 1;
    c.segCache = null;   // the views' bank segments, counted again with the new tones
    /* Firefox reports a new max as a value change, and Orca 43 speaks the first one after focus
       arrives even when the value is the same, cutting off what it was saying: until the slider
       has said a point since focus, its next point sets the range (announce). */
    var slider = c.slider, block = +slider.value - c.row;
    if (this.settled || document.activeElement !== slider) slider.max = String(block + c.rows - 1);
    if (this.monitor) this.heard(p, row);
  };

  /* The generator's words as of the latest rows (after each change): what S, D, X, Y, [ and ]
     say, and J's stops, on the page's rows; the summary paragraph's text. */
  var WORDS = ["brief", "more", "briefClaims", "moreClaims", "minRow", "maxRow"];
  L.words = function (w) {
    var c = this.chart, t = c.text, all = c.data.all, k, s;
    t.describe = w.describe;
    t.describeClaims = w.describeClaims;
    t.xAxis = w.xAxis;
    t.yAxis = w.yAxis;
    var summary = document.getElementById(c.id + "-summary");   // what the page shows under the drawing
    if (summary && w.summary) summary.textContent = w.summary;
    for (s = 0; s < c.series.length && s < w.series.length; s++) for (k = 0; k < WORDS.length; k++) c.series[s][WORDS[k]] = w.series[s][WORDS[k]];
    if (all && w.all) for (k = 0; k < WORDS.length; k++) all[WORDS[k]] = w.all[WORDS[k]];
  };

  /* New points drawn: the server's drawing as of its latest rows (the generator's SVG, and the
     cursor's positions), fetched at most once a DRAW_MS after words arrive. */
  L.redraw = function () {
    var self = this;
    if (!window.fetch || !window.DOMParser) return;
    fetch(this.url(true), { cache: "no-store" }).then(function (r) { return r.status === 200 ? r.json() : null; })
      .then(function (d) { self.drawTimer = 0; if (d) self.draw(d); }, function () { self.drawTimer = 0; });
  };

  L.draw = function (d) {
    var c = this.chart, old = c.figure.querySelector("svg.pl-svg");
    // Read as HTML reads an inline <svg> (the SVG namespace without xmlns); scripts never run here.
    var svg = new DOMParser().parseFromString(d.svg, "text/html").body.firstElementChild;
    if (!old || !svg || svg.nodeName.toLowerCase() !== "svg") return;
    var fresh = document.importNode(svg, true), shown = c.cursor && !c.cursor.hasAttribute("hidden");
    old.parentNode.replaceChild(fresh, old);
    for (var s = 0; s < c.series.length && s < d.series.length; s++) {
      var ser = c.series[s], x = d.series[s].cx, y = d.series[s].cy;
      if (!ser.cx || !ser.cy || !x.length) continue;
      for (var r = 0; r < c.rows; r++) {   // rows older than the drawing at its left edge, newer at its right, without a dot
        var k = r - d.first, inside = k >= 0 && k < x.length;
        ser.cx[r] = inside ? x[k] : x[k < 0 ? 0 : x.length - 1];
        ser.cy[r] = inside ? y[k] : null;
      }
    }
    c.cursor = fresh.querySelector(".pl-cursor");
    var dot = c.cursor ? c.cursor.querySelector("circle") : null;
    c.dots = dot ? [dot] : [];
    for (var i = 1; dot && i < c.series.length; i++) c.dots.push(dot.parentNode.appendChild(dot.cloneNode(false)));
    c.cell = c.cursor ? c.cursor.querySelector("rect") : null;
    if (shown) c.show(c.row);
  };

  /* Monitor mode: the point's tone now; its words coalesced by the reader's interval. */
  L.heard = function (p, row) {
    var c = this.chart, s = c.s < c.series.length ? c.s : 0, ctx = this.hooks.audio();
    var a = c.data.audio, met = p.m && p.m[s] && p.m[s].length;
    if (ctx && a && c.bank && c.ready()) {   // a segment still loading: silent
      c.tone(p.t[s], ctx.currentTime, row);
      if (met && a.markTone != null) c.tone(a.markTone, ctx.currentTime + a.toneDuration, row);   // a threshold crossed
    }
    this.pending.push({ p: p, row: row, s: s });
    var mode = settings.get("monitor"), self = this;
    if (p.s[s] !== 0 && p.s[s] !== this.outside) {   // said once per excursion, at once
      this.outside = p.s[s];
      this.scale = this.hooks.fill(this.text[p.s[s] > 0 ? "above" : "below"], { v: p.v[s] });
    } else if (p.s[s] === 0) this.outside = 0;
    if (mode === "every" || this.scale) this.flush();
    else if (mode === "thresholds") { if (p.e[s] !== 0 || met) this.flush(); else this.pending = []; }
    else if (!this.timer) this.timer = setTimeout(function () { self.timer = 0; self.flush(); }, +mode * 1000);
  };

  /* One sentence for the points heard since the last: "3 new points, latest …, new high", after
     "Above the scale: 41.2." when a point left the scale; held while the reader's keys are busy. */
  L.flush = function () {
    var list = this.pending, c = this.chart, wait = this.keyAt + HOLD_MS - Date.now(), self = this;
    if (wait > 0) {
      clearTimeout(this.timer);
      this.timer = setTimeout(function () { self.timer = 0; self.flush(); }, wait);
      return;
    }
    this.pending = [];
    if (!list.length) return;
    var last = list[list.length - 1], ext = 0;
    for (var i = 0; i < list.length; i++) if (list[i].p.e[last.s] !== 0) ext = list[i].p.e[last.s];
    var saved = c.s;
    c.s = last.s;
    var label = c.label(last.row);   // in the reader's wording, for ears
    c.s = saved;
    var sentence = this.hooks.fill(this.text[list.length === 1 ? "one" : "other"], { n: list.length, l: label });
    if (ext) sentence += this.text[ext > 0 ? "newHigh" : "newLow"];
    c.say(this.scale ? this.scale + ". " + sentence : sentence);
    this.scale = "";
  };

  /* M: monitor mode on/off; Shift+M: how often it speaks. True when the key was taken. */
  L.key = function (e) {
    this.keyAt = Date.now();
    if (e.key !== "m" && e.key !== "M") return false;
    if (e.shiftKey) {   // the next choice of the reader setting (also in the settings dialog, O)
      settings.set("monitor", INTERVALS[(INTERVALS.indexOf(settings.get("monitor")) + 1) % INTERVALS.length]);
      this.chart.say(this.text["every." + settings.get("monitor")]);
      return true;
    }
    this.monitor = !this.monitor;
    this.pending = [];
    this.scale = "";
    clearTimeout(this.timer);
    this.timer = 0;
    this.chart.say(this.hooks.fill(this.text[this.monitor ? "monitorOn" : "monitorOff"], { i: this.text["every." + settings.get("monitor")] }));
    return true;
  };

  window.PitchlineLive = {
    /* Called by pitchline.js for each chart it starts; `hooks`: { fill, audio }. */
    attach: function (chart, hooks) {
      if (!chart.data.live || !served()) return;
      settings = window.PitchlineSettings;
      chart.feed = new Live(chart, hooks);
    }
  };
})();
