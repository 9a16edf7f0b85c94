/* Pitchline keyboard scrubber: speaks each point through the slider's aria-valuetext and plays
   its tone from the chart's pre-rendered tone bank (Web Audio). Contract: docs/architecture.md,
   "Page <-> script contract". Classic script: no modules, no eval, no inline code (CSP), and it
   works from file://. Keys act only while a chart's slider has focus. */
(function () {
  "use strict";

  var MAX_RATE = 30;           // notes per second, at most, in whole-series playback
  var SLOWEST = 0.35;          // seconds between notes, at most, for short series
  var SPEEDS = [0.5, 0.75, 1, 1.5, 2, 3];
  var LOOKAHEAD = 0.12;        // seconds of playback scheduled ahead of the clock
  var ctx = null;              // one AudioContext per page, created lazily
  var playingChart = null;     // the Chart whose series is playing, if any
  var spokenValue = null;      // the last aria-valuenow a screen reader announced (see show)

  function audioContext() {
    if (!ctx) {
      var AC = window.AudioContext || window.webkitAudioContext;
      if (!AC) return null;
      try { ctx = new AC({ latencyHint: "interactive" }); } catch (e) { ctx = new AC(); }
    }
    return ctx;
  }

  function resumeAudio() {
    var c = audioContext();
    if (c && c.state === "suspended") c.resume();
    return c;
  }

  /* Largest-Triangle-Three-Buckets over the rows that have a value: keeps the shape (peaks
     and troughs), the first and the last row. Returns ascending row indexes. */
  function lttb(values, rows, threshold) {
    var n = rows.length;
    if (threshold >= n || threshold < 3) return rows.slice();
    var out = [rows[0]], every = (n - 2) / (threshold - 2), a = 0;
    for (var i = 0; i < threshold - 2; i++) {
      var s = Math.floor((i + 1) * every) + 1, e = Math.min(Math.floor((i + 2) * every) + 1, n);
      var ax = 0, ay = 0, cnt = e - s;
      for (var j = s; j < e; j++) { ax += rows[j]; ay += values[rows[j]]; }
      ax /= cnt; ay /= cnt;
      var rs = Math.floor(i * every) + 1, re = Math.floor((i + 1) * every) + 1;
      var px = rows[a], py = values[rows[a]], best = -1, pick = rs;
      for (var k = rs; k < re; k++) {
        var area = Math.abs((px - ax) * (values[rows[k]] - py) - (px - rows[k]) * (ay - py));
        if (area > best) { best = area; pick = k; }
      }
      out.push(rows[pick]);
      a = pick;
    }
    out.push(rows[n - 1]);
    return out;
  }

  function Chart(figure, data) {
    this.figure = figure;
    this.data = data;
    this.id = data.id;
    this.slider = figure.querySelector(".pl-slider");
    this.readout = figure.querySelector(".pl-readout");
    this.live = figure.querySelector(".pl-live");
    this.cursor = figure.querySelector(".pl-cursor");
    this.series = data.series || [];
    this.rows = (data.x && data.x.labels) ? data.x.labels.length : 0;
    this.multi = this.series.length > 1;
    var dot = this.cursor ? this.cursor.querySelector("circle") : null;
    this.dots = dot ? [dot] : [];   // one dot per series, for the all-series view
    for (var d = 1; dot && d < this.series.length; d++) this.dots.push(dot.parentNode.appendChild(dot.cloneNode(false)));
    this.s = 0;                // series index; series.length = "all series"
    this.row = 0;
    this.speed = 2;            // index into SPEEDS
    this.buffer = null;        // decoded tone bank
    this.loading = null;       // "loading", "ready", "synth"
    this.playing = null;       // playback state while a series plays
    this.lastRow = null;       // highlighted table row
    this.toggle = false;       // alternates a trailing no-break space so repeats are re-read
    this.labels = this.series.map(function (ser) { return labelsFor(data, ser); });
    this.allLabels = this.multi ? allLabelsFor(data) : null;
    this.order = {};           // cached LTTB row sets per series and speed
  }

  function labelsFor(data, ser) {
    var out = new Array(data.x.labels.length);
    for (var r = 0; r < out.length; r++) {
      var v = ser.valueTexts[r];
      out[r] = data.x.labels[r] + ", " + ser.spokenName + (v == null ? ", no data" : " " + v);
    }
    return out;
  }

  function allLabelsFor(data) {
    var out = new Array(data.x.labels.length);
    for (var r = 0; r < out.length; r++) {
      var parts = [];
      for (var s = 0; s < data.series.length; s++) {
        var v = data.series[s].valueTexts[r];
        parts.push(data.series[s].spokenName + " " + (v == null ? "no data" : v));
      }
      out[r] = data.x.labels[r] + ": " + parts.join(", ");
    }
    return out;
  }

  var P = Chart.prototype;

  P.label = function (row) {
    return this.s < this.series.length ? this.labels[this.s][row] : this.allLabels[row];
  };

  P.start = function () {
    var self = this;
    this.figure.querySelector(".pl-scrub").hidden = false;
    this.thumb = document.createElement("span");
    this.thumb.className = "pl-thumb";
    this.slider.appendChild(this.thumb);
    this.show(0, false);
    this.slider.setAttribute("aria-valuenow", "0");
    this.slider.setAttribute("aria-valuetext", this.label(0));
    this.slider.addEventListener("keydown", function (e) { self.key(e); });
    this.slider.addEventListener("focus", function () { self.load(); });
    this.slider.addEventListener("pointerdown", function () { resumeAudio(); self.load(); });
    /* Pointer: a click on the track or on the chart goes to the nearest point and plays it. */
    this.slider.addEventListener("click", function (e) {
      var r = self.slider.getBoundingClientRect();
      if (r.width > 0) self.pick((e.clientX - r.left) / r.width * (self.rows - 1));
    });
    var svg = this.cursor && this.cursor.ownerSVGElement, xs = this.series[0].cx;
    if (svg && xs && svg.getScreenCTM) svg.addEventListener("click", function (e) {
      var m = svg.getScreenCTM();
      if (!m) return;
      var x = (e.clientX - m.e) / m.a, lo = 0, hi = xs.length - 1;
      while (lo < hi) { var mid = (lo + hi) >> 1; if (xs[mid] < x) lo = mid + 1; else hi = mid; }
      if (lo > 0 && x - xs[lo - 1] < xs[lo] - x) lo--;
      self.pick(lo);
    });
    var link = this.figure.querySelector(".pl-help-link");
    if (link) link.addEventListener("click", function (e) { e.preventDefault(); openHelp(self.slider); });
  };

  /* Moves the cursor, readout, table row and (unless quiet) the slider's value to `row`. */
  P.show = function (row, announce) {
    this.row = row;
    var text = this.label(row);
    if (announce && text !== this.slider.getAttribute("aria-valuetext")) {
      /* Orca 43 (its onValueChanged, measured) speaks a value change only when the number
         differs from the last number it spoke, on any widget: an aria-valuetext change with the
         same aria-valuenow (a series switch) is silent unless the number is new to it. */
      this.heard = spokenValue !== row;
      spokenValue = row;
      this.slider.setAttribute("aria-valuenow", String(row));
      this.slider.setAttribute("aria-valuetext", text);
    }
    if (this.readout) this.readout.textContent = text;
    var ser = this.series[this.s < this.series.length ? this.s : 0];
    if (this.cursor && ser && ser.cx) {   // the group moves across; its dot moves up and down
      this.cursor.setAttribute("transform", "translate(" + ser.cx[row] + " 0)");
      for (var d = 0; d < this.dots.length; d++) {
        var one = this.s < this.series.length, src = one ? ser : this.series[d];
        var cy = (!one || d === 0) && src.cy ? src.cy[row] : null;   // null: no value, or not shown
        if (cy == null) this.dots[d].setAttribute("visibility", "hidden");
        else { this.dots[d].setAttribute("cy", String(cy)); this.dots[d].removeAttribute("visibility"); }
      }
      this.cursor.removeAttribute("hidden");
    }
    if (this.thumb) this.thumb.style.left = (this.rows > 1 ? 100 * row / (this.rows - 1) : 0) + "%";
    this.highlight(row);
  };

  /* The chart's data table: `table[data-chart-id=ID]`, else the table in the details section
     that follows the figure. Rows are indexed once by their data-row (a long table may hold
     only some rows). */
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
  };

  P.say = function (text) {
    if (!this.live) return;
    this.toggle = !this.toggle;   // a repeated message must still change the region's text
    this.live.textContent = text + (this.toggle ? "\u00a0" : "");
  };

  /* Starts loading and decoding the tone bank once: fetch over http(s), a classic script on file:. */
  P.load = function () {
    if (this.loading) return;
    var c = audioContext(), self = this, a = this.data.audio;
    if (!a) { this.loading = "none"; return; }   // a chart without audio: labels only
    if (!c) { this.loading = "none"; this.say("Sound is not available in this browser."); return; }
    this.loading = "loading";
    var fail = function () {
      self.loading = "synth";
      self.figure.setAttribute("data-pl-audio", "synth");
      self.say("The recorded tones cannot be played here; using synthesised tones instead.");
    };
    var decode = function (bytes) {
      try {
        var p = c.decodeAudioData(bytes, function (b) {
          self.buffer = b;
          self.loading = "ready";
          self.figure.setAttribute("data-pl-audio", "ready");
        }, fail);
        if (p && p.catch) p.catch(function () {});
      } catch (e) { fail(); }
    };
    var base = scriptBase(this.id);
    var embedded = (window.PitchlineAudio || {})[this.id];
    // Audio already on the page (single-file reports) or opened from disk: the base64 script.
    if (embedded || location.protocol === "file:") {
      var done = function () {
        var b64 = (window.PitchlineAudio || {})[self.id];
        if (typeof b64 !== "string") { fail(); return; }
        var bin = atob(b64), u = new Uint8Array(bin.length);
        for (var i = 0; i < bin.length; i++) u[i] = bin.charCodeAt(i);
        decode(u.buffer);
      };
      if (embedded) { done(); return; }
      var sc = document.createElement("script");
      sc.src = new URL(a.js, base).href;
      sc.onload = done;
      sc.onerror = fail;
      document.head.appendChild(sc);
    } else {
      fetch(new URL(a.ogg, base).href).then(function (r) {
        if (!r.ok) throw new Error(r.status);
        return r.arrayBuffer();
      }).then(decode, fail);
    }
  };

  /* Audio file names are relative to the chart data script (same folder as the chart page). */
  function scriptBase(id) {
    var list = document.getElementsByTagName("script"), re = /([^\/?#]+)\.[^.\/?#]+\.js(\?.*)?$/;
    for (var i = list.length - 1; i >= 0; i--) {
      var m = re.exec(list[i].src || "");
      if (m && m[1] === id) return list[i].src;
    }
    return location.href;
  }

  /* Plays bank tone `tone` at time `when`, panned by `row`; returns the source node. */
  P.tone = function (tone, when, row, series, keyTime) {
    var c = ctx, a = this.data.audio, t = a && a.tones[tone];
    if (!c || !t) return null;
    var node, pan = this.rows > 1 ? (2 * row / (this.rows - 1)) - 1 : 0;
    if (!this.panner) {
      this.panner = c.createStereoPanner ? c.createStereoPanner() : null;
      if (this.panner) this.panner.connect(c.destination);
    }
    var out = this.panner || c.destination;
    if (this.panner) this.panner.pan.setValueAtTime(pan, when);
    if (this.buffer) {
      node = c.createBufferSource();
      node.buffer = this.buffer;
      node.connect(out);
      node.start(when, t[0], t[1]);
    } else if (this.loading === "synth" || this.loading === "loading") {
      node = c.createOscillator();
      var g = c.createGain();
      node.type = t[2] > 0 ? "triangle" : "square";   // frequency 0: the missing-value tick
      node.frequency.value = t[2] > 0 ? t[2] : 110;
      g.gain.setValueAtTime(0, when);
      g.gain.linearRampToValueAtTime(0.3, when + 0.008);
      g.gain.setValueAtTime(0.3, when + Math.max(0.01, t[1] - 0.05));
      g.gain.linearRampToValueAtTime(0, when + t[1] - 0.03);
      node.connect(g);
      g.connect(out);
      node.start(when);
      node.stop(when + t[1]);
    } else return null;
    var started = window.performance ? performance.now() : 0;
    this.figure.setAttribute("data-pl-played", String(row));
    this.figure.dispatchEvent(new CustomEvent("pitchline:play", { bubbles: true, detail: {
      series: series, row: row, tone: tone, offset: t[0], duration: t[1], when: when,
      keydownTime: keyTime, startTime: started, synthesized: !this.buffer } }));
    return node;
  };

  /* Plays the current point: one tone, or every series in quick succession in the all view. */
  P.playPoint = function (keyTime) {
    var c = ctx;
    if (!c) return;
    var now = c.currentTime;
    if (this.s < this.series.length) {
      this.tone(this.toneOf(this.s, this.row), now, this.row, this.s, keyTime);
    } else {
      for (var s = 0; s < this.series.length; s++) {
        this.tone(this.toneOf(s, this.row, true), now + s * 0.17, this.row, s, keyTime);   // one after another
      }
    }
  };

  /* `shared`: the all-series view plays every series on one shared pitch scale (sharedTones,
     present when series otherwise play on their own scales). */
  P.toneOf = function (s, row, shared) {
    var ser = this.series[s], a = this.data.audio;
    if (!a || !ser.tones) return -1;
    return ser.valueTexts[row] == null ? a.missingTone : (shared && ser.sharedTones ? ser.sharedTones : ser.tones)[row];
  };

  P.edge = function (keyTime, text) {
    if (ctx && this.data.audio) this.tone(this.data.audio.endTone, ctx.currentTime, this.row, this.s, keyTime);
    this.say(text);
  };

  P.move = function (row, keyTime) {
    var last = this.rows - 1;
    row = Math.max(0, Math.min(last, row));
    if (row === this.row) { this.edge(keyTime, row === last ? "End of series" : "Start of series"); return; }
    this.row = row;
    this.playPoint(keyTime);   // sound first: the DOM updates after start() cost no latency
    this.show(row, true);
  };

  P.pick = function (row) {
    resumeAudio();
    this.load();
    this.stop(false);
    this.slider.focus();
    row = Math.max(0, Math.min(this.rows - 1, Math.round(row)));
    if (row !== this.row) this.move(row, 0);
    else this.playPoint(0);
  };

  P.key = function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var k = e.key, t = e.timeStamp, handled = true, step = Math.max(1, Math.round(this.rows / 10));
    resumeAudio();
    if (!this.loading) this.load();
    if (this.playing && (k === "ArrowLeft" || k === "ArrowRight" || k === "Home" || k === "PageUp" ||
        k === "PageDown" || k === "ArrowUp" || k === "ArrowDown" || k === "[" || k === "]" ||
        (k === "End" && !e.shiftKey))) this.stop(false);
    switch (k) {
      case "ArrowRight": this.move(this.row + 1, t); break;
      case "ArrowLeft": this.move(this.row - 1, t); break;
      case "Home": this.move(0, t); break;
      case "End":
        if (e.shiftKey) this.togglePlay(); else this.move(this.rows - 1, t);
        break;
      case "PageDown": this.move(this.row + step, t); break;
      case "PageUp": this.move(this.row - step, t); break;
      case "ArrowUp": this.switchSeries(-1, t); break;
      case "ArrowDown": this.switchSeries(1, t); break;
      case " ": case "Enter": this.playPoint(t); this.say(this.label(this.row)); break;
      case "p": case "P": this.togglePlay(); break;
      case "Escape": if (this.playing) this.stop(true); else handled = false; break;
      case "+": case "=": this.changeSpeed(1); break;
      case "-": case "_": this.changeSpeed(-1); break;
      case "s": case "S": this.say(this.statistics()); break;
      case "d": case "D":
        this.say([this.data.summary, this.data.description, this.data.reducedNote].filter(Boolean).join(" "));
        break;
      case "x": case "X": this.say(axisText("X", this.data.x)); break;
      case "y": case "Y": this.say(axisText("Y", this.data.y)); break;
      case "[": this.extreme(false, t); break;
      case "]": this.extreme(true, t); break;
      case "h": case "H": case "?": openHelp(this.slider); break;
      default: handled = false;
    }
    if (handled) e.preventDefault();
  };

  function axisText(name, axis) {
    if (!axis) return name + " axis: not available.";
    var title = axis.title || "";
    if (axis.unit && title.indexOf(axis.unit) < 0) title += " (" + axis.unit + ")";
    return name + " axis: " + title + (axis.rangeText ? ", " + axis.rangeText : "") + ".";
  }

  P.statistics = function () {
    var list = this.s < this.series.length ? [this.series[this.s]] : this.series;
    return list.map(function (ser) {
      return [ser.statisticsText, ser.trendText].filter(Boolean).join(" ");
    }).join(" ");
  };

  P.switchSeries = function (dir, keyTime) {
    var count = this.series.length + (this.multi ? 1 : 0);
    if (count < 2) { this.say("This chart has one series."); return; }
    this.s = (this.s + dir + count) % count;
    this.playPoint(keyTime);
    this.show(this.row, true);
    /* The new label goes into the live region only when the screen reader will not speak the
       changed aria-valuetext itself (see `heard`), so it is heard once either way. */
    this.say((this.s < this.series.length ? "Series " + (this.s + 1) + " of " + this.series.length
      : "All series") + (this.heard ? "" : ". " + this.label(this.row)));
  };

  /* `[` / `]`: the lowest / highest value of the current series (of all series in the all view). */
  P.extreme = function (high, keyTime) {
    var best = null, row = this.row;
    for (var s = 0; s < this.series.length; s++) {
      if (this.s < this.series.length && s !== this.s) continue;
      var ser = this.series[s], r = high ? ser.maxRow : ser.minRow;
      if (r == null) continue;
      var v = ser.cy ? -ser.cy[r] : 0;   // the shared y axis compares series (SVG y grows down)
      if (best === null || (high ? v > best : v < best)) { best = v; row = r; }
    }
    this.row = row;
    this.playPoint(keyTime);
    this.show(row, true);
    this.say(high ? "Highest value" : "Lowest value");
  };

  /* Rows played at the current speed: every row, or, when they would come faster than MAX_RATE
     notes per second, the rows with a value reduced with LTTB on their pitch (the first series
     stands for the all view), which keeps peaks, troughs, the first and the last row. */
  P.playRows = function () {
    var key = this.s + ":" + this.speed;
    if (this.order[key]) return this.order[key];
    var duration = (this.data.audio.playbackDuration || 10) / SPEEDS[this.speed];
    var ser = this.series[this.s < this.series.length ? this.s : 0], tones = this.data.audio.tones;
    var limit = Math.max(3, Math.floor(duration * MAX_RATE)), kept = [];
    for (var r = 0; r < this.rows; r++) kept.push(r);
    if (this.rows > limit) {
      var values = new Array(this.rows), present = [];
      for (r = 0; r < this.rows; r++) {
        if (ser.valueTexts[r] == null) continue;
        values[r] = tones[ser.tones[r]][2];
        present.push(r);
      }
      kept = lttb(values, present, limit);
    }
    var gap = Math.min(SLOWEST, duration / Math.max(1, kept.length));
    return (this.order[key] = { rows: kept, gap: gap });
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
    if (!c || !this.data.audio) { this.say(this.data.audio ? "Sound is not available in this browser." : "This chart has no sound."); return; }
    if (playingChart && playingChart !== this) playingChart.stop(false);
    var plan = this.playRows(), from = this.row >= this.rows - 1 ? 0 : this.row;
    this.playing = { plan: plan, next: after(plan.rows, from), first: from, at: c.currentTime + 0.03,
                     queue: [], marks: [], timer: 0 };
    playingChart = this;
    this.say("Playing");
    this.tick();
  };

  P.tick = function () {
    var p = this.playing, c = ctx, self = this;
    if (!p) return;
    var now = c.currentTime;
    while ((p.first != null || p.next < p.plan.rows.length) && p.at < now + LOOKAHEAD) {
      var row = p.first != null ? p.first : p.plan.rows[p.next++];
      p.first = null;
      if (this.s < this.series.length) p.queue.push(this.tone(this.toneOf(this.s, row), p.at, row, this.s, 0));
      else for (var s = 0; s < this.series.length; s++) p.queue.push(this.tone(this.toneOf(s, row, true), p.at, row, s, 0));
      p.marks.push([p.at, row]);
      p.at += p.plan.gap;
    }
    while (p.marks.length && p.marks[0][0] <= now) this.show(p.marks.shift()[1], false);
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
    this.show(this.row, true);
    if (ctx) this.tone(this.data.audio.endTone, ctx.currentTime + 0.02, this.row, this.s, 0);
    this.say("End of series");
  };

  /* Stops playback; the cursor stays where the sound was. `announce` says so in the live region. */
  P.stop = function (announce) {
    var p = this.playing;
    if (!p) return;
    this.playing = null;
    if (playingChart === this) playingChart = null;
    clearTimeout(p.timer);
    var now = this.cut(p);
    while (p.marks.length && p.marks[0][0] <= now) this.show(p.marks.shift()[1], false);
    this.show(this.row, true);
    if (announce) this.say("Stopped");
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
    var next = Math.max(0, Math.min(SPEEDS.length - 1, this.speed + dir));
    if (next === this.speed) {
      this.say(dir > 0 ? "Fastest speed" : "Slowest speed");
      return;
    }
    this.speed = next;
    this.say("Speed " + SPEEDS[next] + " times");
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

  /* The help dialog: a real modal <dialog>; focus goes back to the slider that opened it. */
  function openHelp(slider) {
    var dialog = document.getElementById("pl-help");
    if (!dialog || typeof dialog.showModal !== "function") return;
    if (dialog.open) return;
    dialog.plReturn = slider;
    /* Old live-region text would be read again when the page stops being inert (Orca 43). */
    var regions = document.querySelectorAll(".pl-live");
    for (var i = 0; i < regions.length; i++) regions[i].textContent = "";
    dialog.showModal();
  }

  function setUpHelp() {
    var dialog = document.getElementById("pl-help");
    if (!dialog) return;
    var close = dialog.querySelector(".pl-help-close");
    if (close) close.addEventListener("click", function () { dialog.close(); });
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

  function init() {
    var all = window.PitchlineCharts || {};
    var figures = document.querySelectorAll("figure.pl-chart[data-chart-id]");
    for (var i = 0; i < figures.length; i++) {
      var data = all[figures[i].getAttribute("data-chart-id")];
      if (!data || !data.series || !data.series.length || !figures[i].querySelector(".pl-slider")) continue;
      var chart = new Chart(figures[i], data);
      chart.start();
      window.Pitchline.charts[chart.id] = chart;
    }
    setUpHelp();
    liveReload();
    var idle = window.requestIdleCallback || function (f) { return setTimeout(f, 200); };
    idle(function () {
      for (var id in window.Pitchline.charts) window.Pitchline.charts[id].load();
    });
  }

  window.Pitchline = { charts: {}, audioContext: function () { return ctx; } };
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
