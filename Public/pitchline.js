/* Pitchline keyboard scrubber: speaks each point through the slider's aria-valuetext and plays
   its tone from the chart's pre-rendered tone bank (Web Audio). Contract: docs/architecture.md,
   "Page <-> script contract". Every text comes from the chart data script (made by the
   generator); this script only fills its placeholders ({x} {v} {d} {p} {l} {title}) and joins
   and selects by the generator's rule (text.wordings); it writes no word or number. Classic
   script: no modules, no eval, no inline code (CSP), and it works from file://. Keys act only
   while a chart's slider has focus. */
(function () {
  "use strict";

  var LOOKAHEAD = 0.12;        // seconds of playback scheduled ahead of the clock
  var TONE_LEAD = 0.005;       // silence before each tone in its bank slot (Sonification's ToneBank)
  var ctx = null;              // one AudioContext per page, created lazily
  var playingChart = null;     // the Chart whose series is playing, if any
  var nextBase = 0;            // first slider number of the next chart (see Chart.announce)
  var LIVE_BASE = 8388608, LIVE_BLOCK = 1048576, liveCharts = 0;   // live: slider numbers of live charts
  var ORDERS = ["tone-first", "together"];   // T cycles; the first is the default (measured, see docs)
  var order = 0;
  try { order = Math.max(0, ORDERS.indexOf(localStorage.getItem("pitchline.order"))); } catch (e) { /* storage off */ }
  var settings = window.PitchlineSettings;   // pitchline-settings.js, joined before this file
  var charts = [];       // every chart on the page (settings apply to all)
  var compare = false;   // C: every series on the shared pitch scale, where series have their own
  try { compare = localStorage.getItem("pitchline.scale") === "shared"; } catch (e) { /* storage off */ }

  function audioContext() {
    if (!ctx) {
      var AC = window.AudioContext || window.webkitAudioContext;
      if (!AC) return null;
      try { ctx = new AC({ latencyHint: "interactive" }); } catch (e) { ctx = new AC(); }
    }
    return ctx;
  }


  /* "probably"/"maybe" → true: what the browser says it can decode (an audio element's answer). */
  function canPlay(type) {
    try { return !!document.createElement("audio").canPlayType(type); } catch (e) { return false; }
  }

  function now() { return window.performance ? performance.now() : Date.now(); }

  function resumeAudio() {
    var c = audioContext();
    if (c && c.state === "suspended") c.resume();
    return c;
  }

  /* Fills the generator's `{name}` placeholders from `names` in one pass, `{}` a literal "{" (SpeechFormatter.fill). */
  function fillNamed(template, names) {
    return template.replace(/\{(\w*)\}/g, function (m, k) { return k === "" ? "{" : names.hasOwnProperty(k) ? String(names[k]) : m; });
  }

  function Chart(figure, data) {
    this.figure = figure;
    this.data = data;
    this.id = data.id;
    this.text = data.text;
    this.slider = figure.querySelector(".pl-slider");
    this.readout = figure.querySelector(".pl-readout");
    this.live = figure.querySelector(".pl-live");
    this.cursor = figure.querySelector(".pl-cursor");
    this.series = data.series || [];
    this.rows = (data.x && data.x.labels) ? data.x.labels.length : 0;
    this.multi = this.series.length > 1 && !!data.all;
    var dot = this.cursor ? this.cursor.querySelector("circle") : null;
    this.dots = dot ? [dot] : [];   // one dot per series, for the all-series view
    for (var d = 1; dot && d < this.series.length; d++) this.dots.push(dot.parentNode.appendChild(dot.cloneNode(false)));
    this.cell = this.cursor ? this.cursor.querySelector("rect") : null;   // a heatmap's cell outline
    this.slices = figure.querySelectorAll("svg [data-row]");             // a pie's slices
    this.lastSlice = null;
    this.s = data.startSeries || 0;   // series index; series.length = "all series"
    this.row = 0;
    this.speed = this.speedIndex(settings.get("speed"));
    this.bank = null;          // the tone bank's segments, decoded as views need them (see load)
    this.loading = null;       // "loading" (the bank in use), "synth" (it failed: stand-in tones), "none"
    this.standIn = false;      // a synthesised tone has played (and the reader was told so)
    this.playing = null;       // playback state while a series plays
    this.lastRow = null;       // highlighted table row
    this.toggle = false;       // alternates a trailing no-break space so repeats are re-read
    this.lastKey = null;       // the last key handled, for S/D "again"
    this.fresh = true;         // focused, no key yet: Enter starts focus mode (browse-mode arrival)
    /* Slider numbers: each (view, parity) of each chart on the page has its own block of `rows`
       numbers, so every announcement changes the number (see announce). */
    /* live: a live chart's rows grow, and its blocks with them: each takes numbers from 2^23 on,
       2^20 apart, away from every other chart's (pitchline-live.js). Chromium hands the value to
       Orca as a 32-bit float, exact only up to 2^24: at 1e9 every step was the same number, and
       Orca said nothing (heard in test_orca_live.py). */
    this.base = data.live ? LIVE_BASE + (liveCharts++) * LIVE_BLOCK : nextBase;
    if (!data.live) nextBase += (this.series.length + 1) * 2 * Math.max(1, this.rows);
    this.parity = 0;
    this.soundUntil = 0;       // performance.now() when the key's tone has sounded (tone first)
    this.pending = 0;          // a label waiting for its tone
    this.marks = data.marks || [];   // landmarks: a layered chart's rules and labels (M)
  }

  var P = Chart.prototype;

  /* Label of `row` in the current view, in the reader's wording (`shown`: the readout's). The
     generator made every template and piece and says, per wording, which templates to join
     (text.wordings: [view template, part template, place said, switch template]); this only
     picks them and fills {x} {v} {d} {p}. A gap takes the template's "Gap" twin. */
  P.label = function (row, shown) {
    var w = this.wording(shown), x = this.data.x, all = this.data.all, s, ser;
    var pieces = { x: x.labels[row], p: w[2] && x.places ? fillNamed(this.text.position, { p: x.places[row] }) : "" };
    if (this.s < this.series.length) {
      ser = this.series[this.s];
      return point(ser, w[0], row, pieces, ser.details);
    }
    var parts = [];
    for (s = 0; s < this.series.length; s++) {
      if (!this.shown(s)) continue;   // params: a series its legend toggle hides
      ser = this.series[s];
      parts.push(point(ser, w[1], row, { x: pieces.x }, ser.partDetails || ser.details));
    }
    pieces.v = parts.join(all.labels.join);
    /* params: a stack's total counts every series, so it is not said while a legend toggle hides one */
    pieces.d = (all.details && parts.length === this.series.length && all.details[row]) || "";
    return fillNamed(all.labels[w[0]], pieces);
  };

  /* params: false for a series a legend toggle hides (pitchline-params.js). */
  P.shown = function (s) { return !this.params || !this.params.hidden[s]; };

  /* The generator's rule for the reader's wording, or the readout's. */
  P.wording = function (shown) {
    return this.text.wordings[shown ? "shown" : settings.get("verbosity") + "." + settings.get("order")];
  };

  /* Series `ser`'s template `name` at `row` filled with its value and detail and `pieces`. */
  function point(ser, name, row, pieces, details) {
    var v = ser.values[row];
    pieces.v = v == null ? "" : v;
    pieces.d = (details && details[row]) || "";
    return fillNamed(ser.labels[v == null ? name + "Gap" : name], pieces);
  }

  /* Index into text.speeds of the speed factor the reader chose (normal speed if none matches). */
  P.speedIndex = function (factor) {
    var speeds = this.text.speeds || [];
    for (var i = 0; i < speeds.length; i++) if (speeds[i].factor === factor) return i;
    return this.text.normalSpeed;
  };

  P.start = function () {
    var self = this;
    this.figure.querySelector(".pl-scrub").hidden = false;
    /* The claims' links to their table rows (the evidence on the page without scripts) stay links
       for pointers and browse mode, but leave Tab to the chart's two stops: J goes to a claim's point. */
    var claims = this.figure.ownerDocument.querySelectorAll("a.pl-claim");   // marked by the generator (ChartView+ClaimLinks.swift)
    for (var c = 0; c < claims.length; c++) claims[c].tabIndex = -1;
    var pts = window.PitchlinePoints;   // a scatter series arrives on its first own point
    if (pts && this.s < this.series.length) this.row = pts.nearest(this.series[this.s], 0);
    this.show(this.row);
    this.announce(this.label(this.row), true);
    this.slider.addEventListener("keydown", function (e) { self.key(e); });
    this.slider.addEventListener("focus", function () {
      self.load();
      if (!self.refocusing) self.fresh = true;
      self.refocusing = false;
    });
    this.slider.addEventListener("blur", function () { self.stop(false); });
    /* A value changed by the browser or an assistive technology (increment/decrement actions,
       TalkBack's and VoiceOver's swipes on the native range input). */
    this.slider.addEventListener("input", function () {
      if (drag && drag.chart === self) return;   // the pointer drag moves it (see dragTo)
      var row = (+self.slider.value) - (+self.slider.min);
      if (row !== self.row) self.move(row, 0);
    });
    /* Pointer and touch on the track: see dragStart (the native drag is kept off: it would
       walk through the other views' numbers). */
    this.slider.addEventListener("mousedown", function (e) { e.preventDefault(); });
    var help = this.figure.querySelector(".pl-help-link");
    if (help) help.addEventListener("click", function () { openHelp(self.slider); });
    var gear = this.figure.querySelector(".pl-settings-link");
    if (gear) gear.addEventListener("click", function () { openSettings(self); });
    /* Previous / Next series (row, statistic): what Up and Down do, for touch screen readers
       (their swipes move the slider along x only). Focus goes to the slider, which then says the
       point in the new series. */
    var steps = this.figure.querySelectorAll(".pl-series-button");
    for (var b = 0; b < steps.length; b++) steps[b].addEventListener("click", function (e) {
      resumeAudio();
      self.load();
      self.stop(false);
      self.fresh = false;
      self.now = true;   // the text is set at once (no tone-first wait): focus arriving says it
      self.switchSeries(+e.currentTarget.getAttribute("data-step"));
      self.now = false;
      /* Focus a moment later: Firefox delivers the value change after the task, and Orca speaks
         it again if the slider has focus by then (measured: the point said twice). */
      setTimeout(function () {
        self.refocusing = document.activeElement !== self.slider;
        self.slider.focus();
      }, 100);
    });
  };

  /* The scrubber index under `clientX`: along the track (evenly spaced) or the drawing (the
     nearest point's x, from the generator's cx). */
  P.rowAt = function (clientX, onTrack, clientY) {
    if (onTrack) {
      var r = this.slider.getBoundingClientRect();
      if (!(r.width > 0)) return this.row;
      return Math.max(0, Math.min(this.rows - 1, Math.round((clientX - r.left) / r.width * (this.rows - 1))));
    }
    var slice = clientY != null && this.figure.querySelector("svg .pl-slice") ? document.elementFromPoint(clientX, clientY) : null;
    if (slice) {   // a pie: the slice under the pointer (elsewhere, e.g. the hole, the cursor stays)
      slice = slice.closest ? slice.closest(".pl-slice") : null;
      return slice && this.figure.contains(slice) ? +slice.getAttribute("data-row") : this.row;
    }
    var xs = this.series[0].cx, p = this.marksPoint(clientX, clientY);
    if (!p || !xs || !xs.length) return this.row;
    var x = p.x, best = 0;
    for (var i = 1; i < xs.length; i++) if (Math.abs(xs[i] - x) < Math.abs(xs[best] - x)) best = i;   // rows may run either way
    return best;
  };

  /* The pointer in the marks' coordinates: the cursor's group holds the marks' row/value
     coordinates (axes swapped when the chart is horizontal), so the pointer mapped into it gives
     the row position whichever way rows run; null when the drawing cannot map it. */
  P.marksPoint = function (clientX, clientY) {
    var svg = this.figure.querySelector("svg.pl-svg"), marks = this.cursor && this.cursor.parentNode;
    var m = marks && marks.getScreenCTM ? marks.getScreenCTM() : null;
    if (!m || !svg || !svg.createSVGPoint) return null;
    var p = svg.createSVGPoint();
    p.x = clientX; p.y = clientY == null ? 0 : clientY;
    return p.matrixTransform(m.inverse());
  };

  /* The series under the pointer: on a heatmap's drawing, the row of cells nearest the pointer
     (each row's cell centre, the generator's cy); anywhere else the current series stays. */
  P.seriesAt = function (clientX, clientY, onTrack) {
    if (onTrack || !this.data.heatmap || clientY == null) return this.s;
    var p = this.marksPoint(clientX, clientY), best = this.s, dist = Infinity;
    for (var s = 0; p && s < this.series.length; s++) {
      var cy = this.series[s].cy && this.series[s].cy[0];
      if (cy != null && Math.abs(cy - p.y) < dist) { dist = Math.abs(cy - p.y); best = s; }
    }
    return best;
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
    try { zone.setPointerCapture(e.pointerId); } catch (err) { /* the events still bubble */ }
    if (drag.active) dragTo(e.clientX, true, e.clientY);
  }

  function dragMove(e) {
    if (!drag || e.pointerId !== drag.id) return;
    if (!drag.active) {   // touch on the drawing: sideways scrubs, up or down scrolls
      var dx = Math.abs(e.clientX - drag.x0), dy = Math.abs(e.clientY - drag.y0);
      if (dx < 6 && dy < 6) return;
      if (dy > dx) { drag = null; return; }
      drag.active = true;
      dragTo(e.clientX, true, e.clientY);
      return;
    }
    dragTo(e.clientX, false, e.clientY);
  }

  function dragTo(clientX, first, clientY) {
    var d = drag, chart = d.chart, row = chart.rowAt(clientX, d.track, clientY), t = now();
    var s = chart.seriesAt(clientX, clientY, d.track);   // a heatmap: the row of cells under the pointer
    if (first) {   // focus, sound loading, the point played and said
      chart.s = s;
      chart.pick(row);
      d.lastTone = d.lastSay = t;
      d.said = row + ":" + s;
      return;
    }
    if (row === chart.row && s === chart.s) return;
    if (s !== chart.s) chart.s = s;
    else if (chart.chime) { chart.chime(chart.row, row); chart.markStop = null; }   // a landmark passed (M)
    chart.show(row);   // the cursor follows at once
    if (t - d.lastTone >= TONE_GAP) { d.lastTone = t; chart.playPoint(); }
    clearTimeout(d.timer);
    if (t - d.lastSay >= SAY_GAP) sayDragged(d);
    else d.timer = setTimeout(function () { sayDragged(d); }, SAY_GAP - (t - d.lastSay));
  }

  function sayDragged(d) {
    d.lastSay = now();
    if (d.said === d.chart.row + ":" + d.chart.s) return;
    d.said = d.chart.row + ":" + d.chart.s;
    if (settings.get("speech")) d.chart.announce(d.chart.label(d.chart.row));
  }

  function dragEnd(e) {
    if (!drag || e.pointerId !== drag.id) return;
    var d = drag;
    drag = null;
    clearTimeout(d.timer);
    if (e.type === "pointercancel") return;   // the browser took the gesture (a scroll)
    if (!d.active) {   // a tap
      d.chart.s = d.chart.seriesAt(e.clientX, e.clientY, d.track);
      d.chart.pick(d.chart.rowAt(e.clientX, d.track, e.clientY));
      return;
    }
    sayDragged(d);   // where the drag ended, once
  }

  /* Moves the cursor, readout and table row to `row` (nothing is spoken). */
  P.show = function (row) {
    this.row = row;
    if (this.readout) this.readout.textContent = this.label(row, true);
    var one = this.s < this.series.length, ser = this.series[one ? this.s : 0];
    if (this.cursor && ser && ser.cx) {   // the group moves across; its dot moves up and down
      this.cursor.setAttribute("transform", "translate(" + ser.cx[row] + " 0)");
      for (var d = 0; d < this.dots.length; d++) {
        var src = one ? ser : this.series[d];
        var cy = (!one || d === 0) && src.cy ? src.cy[row] : null;   // null: no value, or not shown
        if (cy == null) this.dots[d].setAttribute("visibility", "hidden");
        else { this.dots[d].setAttribute("cy", String(cy)); this.dots[d].removeAttribute("visibility"); }
        if (src.cx) this.dots[d].setAttribute("cx", String(src.cx[row] - ser.cx[row]));   // series side by side in a band
      }
      if (this.cell && ser.cy && ser.cy[row] != null) this.cell.setAttribute("y", String(ser.cy[row] - this.cell.getAttribute("height") / 2));
      this.cursor.removeAttribute("hidden");
    }
    if (window.PitchlineBraille) PitchlineBraille.update(this);
    this.highlight(row);
  };

  /* The one way a point is spoken: the slider's aria-valuetext, with a slider number that has
     not been spoken before. Orca 43 (measured) speaks a value change only when the number
     differs from the last number it spoke, on any widget; each chart and view owns two blocks
     of numbers and a repeat at the same row switches block, so every announcement is heard
     exactly once and nothing else (no live region) repeats it. */
  P.announce = function (text, quiet) {
    var self = this, wait = ORDERS[order] === "tone-first" && !this.now ? this.soundUntil - now() : 0;
    clearTimeout(this.pending);
    if (wait > 0) {   // the reader chose tone first: speech starts when the tone has sounded
      this.pending = setTimeout(function () { self.soundUntil = 0; self.announce(text, quiet); }, wait);
      return;
    }
    var n = Math.max(1, this.rows), view = this.s;
    var block = this.base + (view * 2 + this.parity) * n;
    if (block + this.row === +this.slider.value && !quiet) {
      this.parity = 1 - this.parity;
      block = this.base + (view * 2 + this.parity) * n;
    }
    this.slider.setAttribute("aria-valuetext", text);
    this.slider.max = String(block + n - 1);
    this.slider.min = String(block);
    this.slider.max = String(block + n - 1);
    this.slider.value = String(block + this.row);
  };

  /* The chart's data table: `table[data-chart-id=ID]`, else the table in the elements that follow
     the figure. Rows are indexed once by their data-row (a long table may hold only some rows). */
  P.tableRows = function () {
    if (this.trs) return this.trs;
    var table = null, next = this.figure, all = document.querySelectorAll("table[data-chart-id]");
    for (var t = 0; t < all.length; t++) if (all[t].getAttribute("data-chart-id") === this.id) table = all[t];
    while (!table && (next = next.nextElementSibling) && !next.matches("figure.pl-chart")) {
      table = next.matches("table") ? next : next.querySelector("table");
    }
    this.trs = [];
    var list = table ? table.querySelectorAll("tr[data-row]") : [];
    for (var i = 0; i < list.length; i++) this.trs[+list[i].getAttribute("data-row")] = list[i];
    return this.trs;
  };

  P.highlight = function (row) {
    if (this.lastRow) this.lastRow.classList.remove("pl-current");
    var tr = this.tableRows()[row] || null;     // data-row is the scrubber's index
    this.lastRow = tr;
    if (tr) tr.classList.add("pl-current");   // no scrolling: the page stays on the chart
    if (this.lastSlice) this.lastSlice.classList.remove("pl-current");
    this.lastSlice = null;
    for (var i = 0; i < this.slices.length; i++) {
      if (+this.slices[i].getAttribute("data-row") === row) { this.lastSlice = this.slices[i]; this.lastSlice.classList.add("pl-current"); }
    }
  };

  /* Messages other than points go to the live region; said while focus is elsewhere, they name
     the chart. */
  P.say = function (text) {
    if (!this.live) return;
    if (document.activeElement !== this.slider) text = fillNamed(this.text.elsewhere, { title: this.data.title, m: text });
    this.toggle = !this.toggle;   // a repeated message must still change the region's text
    this.live.textContent = text + (this.toggle ? "\u00a0" : "");
  };

  /* The tone bank comes in segments (audio.segments: each one's file stem; its .ogg, .webm,
     .js and .webm.js lie beside data-audio): the segments of the view the reader is on are
     fetched and decoded first, another view's when the reader goes there ("Loading sound" the
     once it is not there yet); each once per page (a figure's panels share one bank, data-audio-key). */
  var sharedBanks = {};   // audio key → {stems, segs: [{buffer, state}], failed, charts, first}

  P.load = function () {
    if (this.loading) return;
    var c = audioContext(), a = this.data.audio;
    if (!a) { this.loading = "none"; return; }   // a chart without audio: labels only
    if (!c) { this.loading = "none"; this.say(this.text.noSound); return; }
    this.loading = "loading";
    var key = this.figure.getAttribute("data-audio-key") || this.id, bank = sharedBanks[key];
    if (!bank) {
      var stems = a.segments || [(this.figure.getAttribute("data-audio") || "").replace(/^.*\//, "").replace(/\.ogg$/, "")];
      /* A single file carries every segment's script already (checked before any is inserted). */
      var single = !!((window.PitchlineAudio || {})[stems[0]] || (window.PitchlineAudioWebM || {})[stems[0]]);
      bank = sharedBanks[key] = { stems: stems, figure: this.figure, segs: [], failed: false, charts: [], first: null, single: single };
      for (var i = 0; i < stems.length; i++) bank.segs.push({ buffer: null, state: null });
    }
    bank.charts.push(this);
    this.bank = bank;
    if (bank.failed) this.loading = "synth";
    else this.ready();   // the landing view's segments first
  };

  /* Segments (indexes) view `s` plays from: a series' own tones, or on the shared scale (the
     all-series view, or C), with the earcons' segment 0; counted once per view. */
  P.segmentsOf = function (s) {
    var a = this.data.audio, shared = s >= this.series.length || compare, key = s + (shared ? "s" : "");
    if (!a.segments || a.segments.length < 2) return [0];
    this.segCache = this.segCache || {};
    if (this.segCache[key]) return this.segCache[key];
    var seen = { 0: true }, out = [0], from = s < this.series.length ? [s] : this.series.map(function (x, i) { return i; });
    for (var f = 0; f < from.length; f++) {
      var ser = this.series[from[f]], list = shared && ser.sharedTones ? ser.sharedTones : ser.tones;
      for (var r = 0; list && r < list.length; r++) {
        var k = a.tones[list[r]][3] || 0;
        if (!seen[k]) { seen[k] = true; out.push(k); }
      }
    }
    return (this.segCache[key] = out);
  };

  /* True when every segment of view `s` (default: the current one) is decoded, or the bank
     failed (stand-in tones); else starts fetching the missing ones. */
  P.ready = function (s) {
    if (!this.loading) this.load();
    var b = this.bank;
    if (!b) return false;
    if (b.failed) return true;
    var segs = this.segmentsOf(s == null ? this.s : s), ok = true;
    for (var i = 0; i < segs.length; i++) if (!b.segs[segs[i]].buffer) { ok = false; fetchSegment(b, segs[i]); }
    return ok;
  };

  /* Fetches (or inserts) and decodes segment `k` of `bank` once: the same tones in Ogg and in
     WebM (Safari before 18.4 decodes Vorbis only in WebM), the container the browser says it
     plays first (the one that worked for an earlier segment), the other if decoding fails, then
     simple tones, said once. Over http(s) the files are fetched; from disk (file:, where fetch is
     blocked) their base64 script twins are inserted; a single file carries every script already. */
  function fetchSegment(bank, k) {
    var seg = bank.segs[k], c = audioContext();
    if (seg.state) return;
    seg.state = "loading";
    var f = bank.figure, stem = bank.stems[k];
    var single = bank.single, scripted = single || location.protocol === "file:";
    var beside = function (attr, ext) {   // the stem's file beside the page's first segment file
      var base = f.getAttribute(attr);
      if (!base) return null;
      try { return new URL(stem + ext, new URL(base, location.href)).href; } catch (e) { return null; }
    };
    var done = function (b) {
      seg.buffer = b;
      seg.state = "ready";
      for (var i = 0; i < bank.charts.length; i++) {
        var ch = bank.charts[i];
        if (ch.waiting && ch.ready()) { ch.waiting = false; ch.playPoint(); }
      }
    };
    var fail = function () {   // simple tones stand in, said at each chart's first one (see tone)
      bank.failed = true;
      for (var i = 0; i < bank.charts.length; i++) {
        var ch = bank.charts[i];
        ch.loading = "synth";
        if (ch.waiting) { ch.waiting = false; ch.playPoint(); }   // the point asked for while loading
      }
    };
    var decode = function (bytes, refused, which) {
      try {
        var p = c.decodeAudioData(bytes, function (b) { bank.first = which; done(b); }, refused);
        if (p && p.catch) p.catch(function () {});
      } catch (e) { refused(); }
    };
    var fetched = function (url) {
      return function (next, which) {
        if (!url) { next(); return; }
        fetch(url).then(function (r) {
          if (!r.ok) throw new Error(r.status);
          return r.arrayBuffer();
        }).then(function (bytes) { decode(bytes, next, which); }, next);
      };
    };
    var inserted = function (global, src) {
      return function (next, which) {
        var got = function () {
          var b64 = (window[global] || {})[stem];
          if (typeof b64 !== "string") { next(); return; }
          var bin = atob(b64), u = new Uint8Array(bin.length);
          for (var i = 0; i < bin.length; i++) u[i] = bin.charCodeAt(i);
          decode(u.buffer, next, which);
        };
        if (single || !src) { got(); return; }
        var sc = document.createElement("script");
        sc.src = src;
        sc.onload = got;
        sc.onerror = next;
        document.head.appendChild(sc);
      };
    };
    var order = scripted
      ? [inserted("PitchlineAudio", beside("data-audio-script", ".js")), inserted("PitchlineAudioWebM", beside("data-audio-webm-script", ".webm.js"))]
      : [fetched(beside("data-audio", ".ogg")), fetched(beside("data-audio-webm", ".webm"))];
    var webmFirst = !canPlay('audio/ogg; codecs="vorbis"') && canPlay('audio/webm; codecs="vorbis"');
    var first = bank.first != null ? bank.first : (webmFirst ? 1 : 0);
    var attempt = function (i) {
      if (i >= 2) fail();
      else order[(first + i) % 2](function () { attempt(i + 1); }, (first + i) % 2);
    };
    attempt(0);
  }


  /* Plays bank tone `tone` at time `when`, panned by `row`; returns the source node, or null while
     the bank is still loading (nothing stands in for it unannounced). */
  P.tone = function (tone, when, row) {
    var c = ctx, a = this.data.audio, t = a && a.tones[tone];
    if (!c || !t) return null;
    var seg = this.bank && this.bank.segs[t[3] || 0], buffer = seg && seg.buffer;
    if (!buffer && this.loading !== "synth") return null;
    var node, pan = this.rows > 1 ? (2 * row / (this.rows - 1)) - 1 : 0;
    if (!this.panner) {
      this.panner = c.createStereoPanner ? c.createStereoPanner() : null;
      if (this.panner) this.panner.connect(c.destination);
    }
    var out = this.panner || c.destination;
    if (this.panner) this.panner.pan.setValueAtTime(pan, when);
    /* The reader's pitch (a playback rate: the bank is pre-rendered, so an octave lower also
       lasts twice as long) and tone length (a value tone cut short with a 12 ms fade; the
       earcons keep theirs). */
    var rate = settings.rate(), value = tone !== a.endTone && tone !== a.missingTone;
    var part = value ? settings.get("toneLength") : 1;
    var keep = part < 1 ? TONE_LEAD + a.toneDuration * part : t[1];   // seconds of the slot played
    var end = when + keep / rate;
    if (buffer) {
      node = c.createBufferSource();
      node.buffer = buffer;
      if (rate !== 1) node.playbackRate.value = rate;
      if (part < 1) {
        var fade = c.createGain();
        fade.gain.setValueAtTime(1, Math.max(when, end - 0.012));
        fade.gain.linearRampToValueAtTime(0, end);
        node.connect(fade);
        fade.connect(out);
      } else node.connect(out);
      node.start(when, t[0], keep);
    } else {   // the decoder refused the bank: simple synthesised tones, said once per chart, at its first
      if (!this.standIn) { this.standIn = true; this.say(this.text.synthesised); }
      node = c.createOscillator();
      var g = c.createGain();
      node.type = t[2] > 0 ? "triangle" : "square";   // frequency 0: the missing-value tick
      node.frequency.value = (t[2] > 0 ? t[2] : 110) * rate;
      g.gain.setValueAtTime(0, when);
      g.gain.linearRampToValueAtTime(0.3, when + 0.008);
      g.gain.setValueAtTime(0.3, Math.max(when + 0.01, end - 0.05));
      g.gain.linearRampToValueAtTime(0, Math.max(when + 0.02, end - 0.03));
      node.connect(g);
      g.connect(out);
      node.start(when);
      node.stop(end);
    }
    return node;
  };

  /* Seconds a point's tone sounds with the reader's pitch and length settings. */
  P.toneSeconds = function () {
    return this.data.audio.toneDuration * settings.get("toneLength") / settings.rate();
  };

  /* Plays the current point: one tone, or every series in quick succession in the all view. */
  P.playPoint = function () {
    var c = ctx;
    if (!c || !this.data.audio || !settings.get("tones")) return;
    if (this.loading !== "synth" && !this.ready()) {   // the view's segments are on their way
      // Said once, and only while the bank's first segment (earcons, landing view) is missing:
      // another view's segment arrives in moments, and its tone follows the label unannounced
      // (a second utterance at every switch of series was heard with Orca).
      var first = this.bank && this.bank.segs[0];
      if (!this.waiting && !(first && first.buffer)) this.say(this.text.loadingSound);
      this.waiting = true;
      return;
    }
    var at = c.currentTime, one = this.s < this.series.length;
    if (one) this.tone(this.toneOf(this.s, this.row), at, this.row);
    else for (var s = 0, k = 0; s < this.series.length; s++) if (this.shown(s)) this.tone(this.toneOf(s, this.row, true), at + (k++) * 0.17, this.row);
    this.heard(((one ? 0 : (this.series.length - 1) * 0.17) + this.toneSeconds()) * 1000);
  };

  /* A tone started by a key sounds for `ms` from now (+ the output's latency). */
  P.heard = function (ms) {
    if (this.loading === "synth" || (this.bank && this.ready())) this.soundUntil = now() + ms + ((ctx && ctx.baseLatency) || 0.01) * 1000;
  };

  /* `shared`: the all-series view plays every series on one shared pitch scale (sharedTones,
     present when series otherwise play on their own scales). */
  P.toneOf = function (s, row, shared) {
    var ser = this.series[s], a = this.data.audio;
    if (!a || !ser.tones) return -1;
    return ser.values[row] == null ? a.missingTone : ((shared || compare) && ser.sharedTones ? ser.sharedTones : ser.tones)[row];
  };

  /* Goes to `row`; past either end it stops there, plays the end blips and names the point. */
  P.move = function (row) {
    var ser = this.series[this.s], pts = window.PitchlinePoints, from = this.row;   // a scatter series: its own points only
    if (pts && ser && ser.points) row = pts.snap(ser.points, this.row, row, this.rows);
    var ends = pts ? pts.ends(ser, this.rows) : [0, this.rows - 1];
    if (this.params) ends = this.params.ends(ends);   // params: a panel following another's range
    var first = ends[0], last = ends[1], edge = row > last || row < first;
    row = Math.max(first, Math.min(last, row));
    this.row = row;
    if (!edge && row !== from) { this.chime(from, row); this.markStop = null; }
    if (edge && ctx && this.data.audio) {
      this.tone(this.data.audio.endTone, ctx.currentTime, row);
      this.heard(this.data.audio.toneDuration * 1000);
    }
    else this.playPoint();   // sound first: the DOM updates after start() cost no latency
    this.show(row);
    if (!settings.get("speech")) return;   // the reader chose tones only: Space says the point
    this.announce(edge ? fillNamed(row === last ? this.text.lastPoint : this.text.firstPoint, { l: this.label(row) }) : this.label(row));
  };

  P.pick = function (row) {
    resumeAudio();
    this.load();
    this.stop(false);
    this.fresh = false;
    this.refocusing = document.activeElement !== this.slider;
    this.slider.focus();
    this.move(Math.max(0, Math.min(this.rows - 1, Math.round(row))));
  };

  /* Browse-mode arrival: the reader's screen reader put its caret on the slider and passed
     Enter through. Focus moved away and back (measured with Orca 43: focus arriving on a form
     control switches it to focus mode; focus already there does not). */
  P.engage = function (after) {
    var self = this, fig = this.figure;
    this.fresh = false;
    setTimeout(function () {
      if (document.activeElement !== self.slider) return;   // the reader moved on
      fig.tabIndex = -1;
      self.refocusing = true;   // the figure's focus stops playback; the slider's is not an arrival
      fig.focus();
      setTimeout(function () {
        self.refocusing = true;
        self.slider.focus();
        fig.removeAttribute("tabindex");
      }, 150);
    }, after || 0);
  };

  /* The key map, made by the generator from its one key table (KeyTable.swift), on the help
     dialog (data-keys): each key's action and the keys that stop playback. Read at the first key. */
  var KEYS = null;
  function keyMap() {
    if (KEYS) return KEYS;
    var help = document.getElementById("pl-help"), map = null;
    try { map = JSON.parse(help.getAttribute("data-keys")); } catch (err) { /* no help dialog: no keys */ }
    KEYS = { actions: (map && map.actions) || {}, stops: {} };
    ((map && map.stopsPlayback) || []).forEach(function (k) { KEYS.stops[k] = 1; });
    return KEYS;
  }

  P.key = function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var k = e.key, handled = true, step = Math.max(1, Math.round(this.rows / 10));
    var again = this.lastKey === k.toLowerCase() && !e.shiftKey;
    resumeAudio();
    if (!this.loading) this.load();
    var keys = keyMap();
    if (this.playing && keys.stops[k] && !(k === "End" && e.shiftKey)) this.stop(false);
    if ((k === "Enter" || k === " ") && this.fresh) { this.engage(); e.preventDefault(); return; }
    this.fresh = false;
    if (this.feed && this.feed.key(e)) { this.lastKey = null; e.preventDefault(); return; }   // live: M, Shift+M (pitchline-live.js)
    switch (keys.actions[k]) {
      case "next": if (!(e.shiftKey && this.params && this.params.extend(1))) this.move(this.row + 1); break;   // params: Shift extends a range
      case "previous": if (!(e.shiftKey && this.params && this.params.extend(-1))) this.move(this.row - 1); break;
      case "first": this.move(0); break;
      case "last":
        if (e.shiftKey) this.togglePlay(); else this.move(this.rows - 1);
        break;
      case "pageForward": this.move(this.row + step > this.rows - 1 && this.row < this.rows - 1 ? this.rows - 1 : this.row + step); break;
      case "pageBack": this.move(this.row - step < 0 && this.row > 0 ? 0 : this.row - step); break;
      case "up": this.switchSeries(this.data.upIsNext ? 1 : -1); break;
      case "down": this.switchSeries(this.data.upIsNext ? -1 : 1); break;
      case "again": this.playPoint(); this.announce(this.label(this.row)); break;
      case "select":   // params: Enter toggles the current point; without a point selection, as "again"
        if (!(this.params && this.params.toggle())) { this.playPoint(); this.announce(this.label(this.row)); }
        break;
      case "play": this.togglePlay(); break;
      case "stop": if (this.playing) this.stop(true); else if (!(this.params && this.params.clear())) handled = false; break;   // params: clears a selection
      case "faster": this.changeSpeed(1); break;
      case "slower": this.changeSpeed(-1); break;
      case "statistics": this.say(this.statistics(again || e.shiftKey)); break;
      case "describe":
        var part = again || e.shiftKey ? 1 : 0;
        this.heardClaims = (this.text.describeClaims || [])[part] || [];
        this.claimAt = -1;
        this.say(this.params ? this.params.describe(this.text.describe[part]) : this.text.describe[part]);   // params: what is shown first
        break;
      case "jump": this.jump(); break;
      case "xAxis": this.say(this.text.xAxis); break;
      case "yAxis": this.say(this.text.yAxis); break;
      case "mark": this.landmark(e.shiftKey ? -1 : 1); break;
      case "lowest": this.extreme(false); break;
      case "highest": this.extreme(true); break;
      case "help": openHelp(this.slider); break;
      case "row":   // a heatmap's row summary (the generator's text)
        if (this.data.heatmap) this.say(this.data.heatmap.rows[this.s]); else handled = false;
        break;
      case "settings": openSettings(this); break;
      case "scales":
        if (this.data.heatmap) { this.say(this.data.heatmap.columns[this.row]); break; }   // a heatmap's column summary
        if (!this.series.some(function (ser) { return !!ser.sharedTones; })) { this.say(this.text.oneScale); break; }
        compare = !compare;
        try { localStorage.setItem("pitchline.scale", compare ? "shared" : "own"); } catch (err) { /* not kept */ }
        this.say(compare ? this.text.sharedScale : this.text.ownScales);
        this.playPoint();
        break;
      case "braille":
        if (window.PitchlineBraille) this.say(PitchlineBraille.toggle() ? this.text.brailleOn : this.text.brailleOff);
        break;
      case "order":
        order = (order + 1) % ORDERS.length;
        try { localStorage.setItem("pitchline.order", ORDERS[order]); } catch (err) { /* not kept */ }
        this.say(order ? this.text.together : this.text.toneFirst);
        break;
      default: handled = false;
    }
    this.lastKey = again ? null : k.toLowerCase();   // a third press starts over with the short text
    if (handled) e.preventDefault();
  };

  /* S: one sentence per series (shape and range); S again or Shift+S: all statistics and trend. */
  P.statistics = function (more) {
    var one = this.s < this.series.length, src = one ? this.series[this.s] : this.data.all;
    this.heardClaims = (more ? src.moreClaims : src.briefClaims) || [];
    this.claimAt = -1;
    var shown = !one && this.params && this.params.brief(more);   // params: the shown series only
    return shown || (more ? src.more : src.brief);
  };

  /* J: the point behind the next claim of what S or D said last (the generator's stops:
     series, scrubber index, the words said before the point's label, and `c`, another panel of
     the figure whose scrubber holds the row: J moves there, taking the stops along). */
  P.jump = function () {
    var stops = this.heardClaims, to = this, self = this;
    if (!stops || !stops.length) { this.say(this.text.noClaim); return; }
    this.claimAt = (this.claimAt + 1) % stops.length;
    var stop = stops[this.claimAt];
    if (stop.c && stop.c !== this.id) {
      for (var i = 0; i < charts.length; i++) if (charts[i].id === stop.c) to = charts[i];
      if (to !== this) {
        this.stop(false);
        to.heardClaims = stops.map(function (st) { return st.c ? st : { s: st.s, row: st.row, say: st.say, c: self.id }; });
        to.claimAt = this.claimAt;
        to.load();
        to.fresh = false;
      }
    }
    if (stop.s < to.series.length) to.s = stop.s;
    to.row = stop.row;
    to.playPoint();
    to.show(to.row);
    to.announce(fillNamed(stop.say, { l: to.label(to.row) }));
    if (to !== this) {   // arriving, the screen reader says the panel and the point (as a click on a point, pick)
      to.refocusing = true;
      to.slider.focus();
    }
  };

  P.switchSeries = function (dir) {
    var count = this.series.length + (this.multi ? 1 : 0);
    if (count < 2) { this.say(this.text.oneSeries); return; }
    if (this.text.rowEnds && (this.s + dir < 0 || this.s + dir >= count)) {   // a heatmap's rows stop at the top and bottom
      if (ctx && this.data.audio) { this.tone(this.data.audio.endTone, ctx.currentTime, this.row); this.heard(this.data.audio.toneDuration * 1000); }
      this.announce(fillNamed(this.text.rowEnds[dir < 0 ? 0 : 1], { l: this.label(this.row) }));
      return;
    }
    this.s = (this.s + dir + count) % count;
    for (var skip = 0; skip < count && this.s < this.series.length && !this.shown(this.s); skip++) this.s = (this.s + dir + count) % count;   // params: hidden series
    var pts = window.PitchlinePoints;   // a scatter series: its own point nearest the cursor
    if (pts && this.s < this.series.length) this.row = pts.nearest(this.series[this.s], this.row);
    this.playPoint();
    this.show(this.row);
    /* The series is named with the point, in the same utterance, every time (the generator's template). */
    var view = this.s < this.series.length ? this.series[this.s] : this.data.all;
    this.announce(fillNamed(view.labels[this.wording()[3]], { l: this.label(this.row) }));
  };

  /* Rows where the current view meets mark `m` (the all view: the first series'). */
  P.markRows = function (m) {
    var rows = this.marks[m].rows;
    return rows[this.s < rows.length ? this.s : 0] || [];
  };

  /* The landmark chime, just after the point's tone, when the cursor moved onto or past a mark
     (from `from`, exclusive, to `to`). */
  P.chime = function (from, to) {
    var a = this.data.audio;
    if (a && a.markTone != null && ctx && this.crosses(from, to)) this.tone(a.markTone, ctx.currentTime + a.toneDuration, to);
  };

  /* Does a move from `from` (exclusive) to `to` meet a mark of the current view? */
  P.crosses = function (from, to) {
    var lo = Math.min(from, to), hi = Math.max(from, to);
    for (var m = 0; m < this.marks.length; m++) {
      var rows = this.markRows(m);
      for (var i = 0; i < rows.length; i++) if (rows[i] === to || (rows[i] > lo && rows[i] < hi)) return true;
    }
    return false;
  };

  /* M / Shift+M: the next / previous landmark after the cursor, said before the point there. */
  P.landmark = function (dir) {
    if (!this.marks.length) { this.say(this.text.noMarks); return; }
    var best = null, row = this.row, self = this;
    var stops = [];
    for (var m = 0; m < this.marks.length; m++) this.markRows(m).forEach(function (r) { stops.push([r, m]); });
    if (!stops.length) { this.say(this.text.noMarks); return; }
    stops.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
    var at = this.markStop == null ? -1 : this.markStop;
    for (var i = 0; i < stops.length; i++) {
      var k = dir > 0 ? i : stops.length - 1 - i, st = stops[k];
      var after = dir > 0 ? (st[0] > row || (st[0] === row && k > at)) : (st[0] < row || (st[0] === row && k < at));
      if (after) { best = k; break; }
    }
    if (best == null) best = dir > 0 ? 0 : stops.length - 1;   // wraps around
    this.markStop = best;
    this.row = stops[best][0];
    this.playPoint();
    if (ctx && this.data.audio && this.data.audio.markTone != null) this.tone(this.data.audio.markTone, ctx.currentTime + this.data.audio.toneDuration, this.row);
    this.show(this.row);
    self.announce(fillNamed(this.marks[stops[best][1]].say, { l: this.label(this.row) }));
  };

  /* `[` / `]`: the lowest / highest value of the current series (of all series in the all view),
     found by value by the generator; always spoken with its point. */
  P.extreme = function (high) {
    var src = this.s < this.series.length ? this.series[this.s] : this.data.all;
    var row = high ? src.maxRow : src.minRow;
    if (row == null) row = this.row;
    this.row = row;
    this.playPoint();
    this.show(row);
    this.announce(fillNamed(high ? this.text.highest : this.text.lowest, { l: this.label(row) }));
  };

  /* The generator's playback plan for the current series (the first series stands for the all
     view) and speed: rows to play (every row when null) and seconds between notes. */
  P.playRows = function () {
    var plan = this.series[this.s < this.series.length ? this.s : 0].play[this.speed];
    if (!plan.rows) {
      var every = [];
      for (var r = 0; r < this.rows; r++) every.push(r);
      plan = { rows: every, gap: plan.gap };
      this.series[this.s < this.series.length ? this.s : 0].play[this.speed] = plan;
    }
    return this.params ? this.params.limit(plan) : plan;   // params: P keeps to a selected range
  };

  /* Index of the first entry of ascending `rows` greater than `row`. */
  function after(rows, row) {
    var lo = 0, hi = rows.length;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (rows[mid] <= row) lo = mid + 1; else hi = mid; }
    return lo;
  }

  P.togglePlay = function () {
    if (this.playing) { this.stop(true); return; }
    var c = resumeAudio();
    if (!c || !this.data.audio) { this.say(this.data.audio ? this.text.noSound : this.text.noAudio); return; }
    if (this.loading !== "synth" && !this.ready()) { this.say(this.text.loadingSound); return; }
    if (playingChart && playingChart !== this) playingChart.stop(false);
    var plan = this.playRows(), from = this.row >= this.rows - 1 ? 0 : this.row;
    if (this.params) from = this.params.start(from);   // params: a selected range plays from its start
    this.playing = { plan: plan, next: after(plan.rows, from), first: from, at: c.currentTime + 0.03,
                     queue: [], marks: [], timer: 0 };
    playingChart = this;
    this.say((this.params && this.params.playing()) || this.text.playing);
    this.tick();
  };

  P.tick = function () {
    var p = this.playing, c = ctx, self = this;
    if (!p) return;
    var now = c.currentTime;
    while ((p.first != null || p.next < p.plan.rows.length) && p.at < now + LOOKAHEAD) {
      var row = p.first != null ? p.first : p.plan.rows[p.next++];
      p.first = null;
      if (this.s < this.series.length) p.queue.push(this.tone(this.toneOf(this.s, row), p.at, row));
      else for (var s = 0; s < this.series.length; s++) if (this.shown(s)) p.queue.push(this.tone(this.toneOf(s, row, true), p.at, row));
      p.marks.push([p.at, row]);
      /* A mark crossed on the way: its chime just after the note (layered charts). */
      if (p.prev != null && this.data.audio.markTone != null && this.crosses(p.prev, row))
        p.queue.push(this.tone(this.data.audio.markTone, p.at + Math.min(p.plan.gap / 2, this.data.audio.toneDuration), row));
      p.prev = row;
      p.at += p.plan.gap;
    }
    while (p.marks.length && p.marks[0][0] <= now) this.show(p.marks.shift()[1]);
    if (p.queue.length > 64) p.queue.splice(0, p.queue.length - 64);
    if (p.next >= p.plan.rows.length && !p.marks.length && now >= p.at - p.plan.gap + 0.1) {
      this.finish();
      return;
    }
    p.timer = setTimeout(function () { self.tick(); }, 25);
  };

  P.finish = function () {
    var p = this.playing;
    this.playing = null;
    if (playingChart === this) playingChart = null;
    clearTimeout(p.timer);
    if (ctx) this.tone(this.data.audio.endTone, ctx.currentTime + 0.02, this.row);
    this.announce(fillNamed(this.text.lastPoint, { l: this.label(this.row) }));
  };

  /* Stops playback; the cursor stays where the sound was. `announce`: "Stopped" and the point. */
  P.stop = function (announce) {
    var p = this.playing;
    if (!p) return;
    this.playing = null;
    if (playingChart === this) playingChart = null;
    clearTimeout(p.timer);
    var now = this.cut(p);
    while (p.marks.length && p.marks[0][0] <= now) this.show(p.marks.shift()[1]);
    if (announce) this.announce(fillNamed(this.text.stopped, { l: this.label(this.row) }));
    else this.announce(this.label(this.row), true);
  };

  /* Silences the scheduled notes of playback `p` now; returns the context time. */
  P.cut = function (p) {
    var now = ctx ? ctx.currentTime : 0;
    for (var i = 0; i < p.queue.length; i++) {
      try { if (p.queue[i]) p.queue[i].stop(now); } catch (e) { /* already stopped */ }
    }
    if (this.panner) this.panner.pan.cancelScheduledValues(now);
    return now;
  };

  P.changeSpeed = function (dir) {
    var speeds = this.text.speeds, next = Math.max(0, Math.min(speeds.length - 1, this.speed + dir));
    this.say(speeds[next].text);
    if (next === this.speed) return;
    this.setSpeed(next);
    settings.set("speed", speeds[next].factor);   // remembered, and every chart follows
  };

  /* Playback speed `next` (index into text.speeds), also while playing. */
  P.setSpeed = function (next) {
    this.speed = next;
    var p = this.playing;
    if (p) {   // continue from the next unplayed row at the new tempo
      var from = p.marks.length ? p.marks[0][1] : (p.next < p.plan.rows.length ? p.plan.rows[p.next] : this.row);
      var plan = this.playRows(), now = this.cut(p);
      p.queue = [];
      p.marks = [];
      p.plan = plan;
      p.first = from;
      p.next = after(plan.rows, from);
      p.at = now + 0.02;
    }
  };

  /* The help: a non-modal <dialog> (show(), not showModal()). A modal dialog takes the page out
     of the accessibility tree and Orca 43 + Chromium lose the slider for good after about 10 s
     of reading (measured); this one leaves the page alone. Focus goes into the help, Tab stays
     inside it, Escape (also from Orca's browse mode) or Close returns focus to the slider. */
  function openHelp(slider) {
    var dialog = document.getElementById("pl-help");
    if (!dialog || typeof dialog.show !== "function" || dialog.open) return;
    dialog.plReturn = slider;
    dialog.show();
    var close = dialog.querySelector(".pl-help-close");
    if (close) close.focus();
  }

  /* The settings dialog (pitchline-settings.js): non-modal like the help; the chart that opened
     it plays the preview. */
  var settingsChart = null;
  function openSettings(chart) {
    settingsChart = chart;
    if (settings.open) settings.open(chart.slider);
  }

  settings.preview = function () {
    var chart = settingsChart || charts[0], c = resumeAudio();
    if (!chart || !c || !chart.data.audio) return;
    chart.load();
    var a = chart.data.audio, low = -1, high = -1;
    for (var i = 0; i < a.tones.length; i++) {
      if (i === a.endTone || i === a.missingTone || !(a.tones[i][2] > 0)) continue;
      var seg = chart.bank && chart.bank.segs[a.tones[i][3] || 0];   // tones already decoded (segment 0 at least)
      if (!(seg && seg.buffer) && chart.loading !== "synth") continue;
      if (low < 0 || a.tones[i][2] < a.tones[low][2]) low = i;
      if (high < 0 || a.tones[i][2] > a.tones[high][2]) high = i;
    }
    if (low < 0) return;
    chart.tone(low, c.currentTime + 0.02, 0);
    chart.tone(high, c.currentTime + 0.07 + chart.toneSeconds(), Math.max(0, chart.rows - 1));
  };

  settings.onChange(function (v) {   // applied to every chart on the page at once
    for (var i = 0; i < charts.length; i++) {
      var next = charts[i].speedIndex(v.speed);
      if (next !== charts[i].speed) charts[i].setSpeed(next);
      /* The slider's current point in the new wording, unspoken (same number): heard when focus
         comes back from the dialog (Orca read the old wording there before, in both browsers). */
      if (v.speech) charts[i].announce(charts[i].label(charts[i].row), true);
    }
  });

  function setUpHelp() {
    var dialog = document.getElementById("pl-help");
    if (!dialog) return;
    var close = dialog.querySelector(".pl-help-close");
    var shut = function () {   // focus goes back at once (the dialog's close event comes a task later)
      var back = dialog.plReturn;
      dialog.plReturn = null;
      dialog.close();
      if (back) back.focus();
    };
    if (close) close.addEventListener("click", shut);
    document.addEventListener("keydown", function (e) {
      if (!dialog.open) return;
      if (e.key === "Escape") { e.preventDefault(); shut(); }
      else if (e.key === "Tab") {   // Tab stays inside the help
        if (settings.keepTabInside) settings.keepTabInside(dialog, e);
        else { e.preventDefault(); if (close) close.focus(); }
      }
    });
    dialog.addEventListener("close", function () {
      var back = dialog.plReturn;
      dialog.plReturn = null;
      if (back) back.focus();
    });
  }

  /* Live reload under `pitchline serve --watch`: the server marks its pages with the response
     header `Server-Timing: pitchline-watch` (readable here without a request, so a static host
     never sees a stray 404); the page then polls /_pitchline/version and reloads when it changes.
     Never on file:. */
  function liveReload() {
    if (!/^https?:$/.test(location.protocol) || !window.fetch || !window.performance ||
        !performance.getEntriesByType) return;
    var nav = performance.getEntriesByType("navigation")[0], marked = false;
    var timing = (nav && nav.serverTiming) || [];
    for (var i = 0; i < timing.length; i++) if (timing[i].name === "pitchline-watch") marked = true;
    if (!marked) return;
    var url = new URL("/_pitchline/version", location.href).href, seen = null;
    var poll = function () {
      fetch(url, { cache: "no-store" }).then(function (r) { return r.ok ? r.json() : null; }).then(function (j) {
        if (!j) return;                       // watching ended: stop polling
        if (seen !== null && j.version !== seen) { location.reload(); return; }
        seen = j.version;
        setTimeout(poll, 1000);
      }, function () { setTimeout(poll, 2000); });   // server restarting
    };
    poll();
  }

  /* Starts the chart of `figure` (its data script has run); null when it has no scrubber. */
  function mount(figure) {
    var data = (window.PitchlineCharts || {})[figure.getAttribute("data-chart-id")];
    if (!data || !data.text || !data.series || !data.series.length || !figure.querySelector(".pl-slider")) return null;
    var chart = new Chart(figure, data);
    chart.start();
    charts.push(chart);
    /* live: a live chart's events and monitor mode (pitchline-live.js) */
    if (window.PitchlineLive) PitchlineLive.attach(chart, { fill: fillNamed, audio: function () { return ctx; } });
    /* params: the spec's selections as controls (pitchline-params.js) */
    if (window.PitchlineParams) PitchlineParams.attach(chart, { fill: fillNamed });
    return chart;
  }

  function init() {
    var figures = document.querySelectorAll("figure.pl-chart[data-chart-id]");
    for (var i = 0; i < figures.length; i++) mount(figures[i]);
    /* params: a bound input's control swaps in another value's chart (pitchline-inputs.js) */
    if (window.PitchlineInputs) PitchlineInputs.attach({
      fill: fillNamed,
      mount: function (figure) { var c = mount(figure); if (c) c.load(); return c; },
      unmount: function (figure) {
        for (var c = 0; c < charts.length; c++) if (charts[c].figure === figure) { charts[c].stop(false); return charts.splice(c, 1)[0]; }
        return null;
      }
    });
    document.addEventListener("pointerdown", dragStart);
    document.addEventListener("pointermove", dragMove);
    document.addEventListener("pointerup", dragEnd);
    document.addEventListener("pointercancel", dragEnd);
    document.addEventListener("touchmove", function (e) { if (drag && drag.active && e.cancelable) e.preventDefault(); }, { passive: false });
    /* Back from another window: Orca 43 announces only the browser frame and stays in browse mode,
       although the slider has focus (measured); focus arriving anew on it says the chart once
       and switches to focus mode. */
    var away = false;
    window.addEventListener("blur", function () { away = true; });
    window.addEventListener("focus", function () {
      if (!away) return;
      away = false;
      // Chromium gives the element its focus back after the window's, 200 ms later on a quiet
      // machine and seconds later on a busy one: look again until it is back (once, 3 s at most).
      var tries = [200, 400, 800, 1600];
      var look = function () {
        for (var c = 0; c < charts.length; c++) if (document.activeElement === charts[c].slider) { charts[c].engage(200); return; }
        if (tries.length && !away) setTimeout(look, tries.shift());
      };
      setTimeout(look, tries.shift());
    });
    setUpHelp();
    /* The guide page's "Open the settings" (no chart there, so no preview tone). */
    var openers = document.querySelectorAll(".pl-open-settings");
    for (var o = 0; o < openers.length; o++) {
      openers[o].hidden = false;
      openers[o].addEventListener("click", function (e) { if (settings.open) settings.open(e.currentTarget); });
    }
    if (!charts.length) {
      var previews = document.querySelectorAll(".pl-settings-preview");
      for (var q = 0; q < previews.length; q++) previews[q].hidden = true;
    }
    liveReload();
    var idle = window.requestIdleCallback || function (f) { return setTimeout(f, 200); };
    idle(function () { for (var c = 0; c < charts.length; c++) charts[c].load(); });
  }

  /* Deferred scripts run while readyState is already "interactive" but before DOMContentLoaded,
     and the chart data scripts come after this one: wait for DOMContentLoaded (or load). */
  var started = false;
  function once() { if (!started) { started = true; init(); } }
  if (document.readyState === "complete") once();
  else {
    document.addEventListener("DOMContentLoaded", once);
    window.addEventListener("load", once);
  }
})();
