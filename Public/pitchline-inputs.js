/* Bound inputs (issue 28), joined before pitchline.js: a spec's variable bound to an input (range,
   select, radio, checkbox) has a page per value, made by the generator (ChartLoader+Inputs.swift,
   docs/architecture.md "Bound inputs"). The chart page's native control (form.pl-input, hidden
   without scripts, when the links of nav.pl-input-pages serve instead) fetches the chosen value's
   page, swaps its figure and details in, starts their scrubber at the same row, and says once
   "{name} {value}: {summary}". From file:// (nothing to fetch) it opens that page instead. Every
   word is the generator's; this fills placeholders only. Hook in pitchline.js marked "params:". */
(function () {
  "use strict";

  /* ms after the last change before the page is fetched: a reader pressing an arrow key on the
     slider several times hears one chart, the last. */
  var SETTLE = 500;

  function Input(form, hooks) {
    var self = this;
    this.form = form;
    this.hooks = hooks;
    this.nav = form.nextElementSibling && form.nextElementSibling.matches("nav.pl-input-pages") ? form.nextElementSibling : null;
    this.links = this.nav ? Array.prototype.slice.call(this.nav.querySelectorAll("a[data-page]")) : [];
    this.label = (form.querySelector("label, legend") || {}).textContent || "";
    this.said = form.querySelector(".pl-input-said");
    this.output = form.querySelector("output");
    this.current = this.links.findIndex(function (a) { return a.hasAttribute("aria-current"); });
    this.timer = 0;
    this.token = 0;        // the newest request; an older one's answer is dropped
    this.toggle = false;   // alternates a trailing no-break space so a repeat is said again
    form.hidden = false;
    form.addEventListener("submit", function (e) { e.preventDefault(); });
    var changed = function () { self.changed(); };
    form.addEventListener("input", changed);
    form.addEventListener("change", changed);
  }

  var I = Input.prototype;

  /* The link of the value the control now shows (-1: a value without a page), and that value's text. */
  I.chosen = function () {
    var f = this.form, range = f.querySelector("input[type=range]"), select = f.querySelector("select");
    var box = f.querySelector("input[type=checkbox]"), radio = f.querySelector("input[type=radio]:checked");
    if (range) {
      var n = +range.value;
      var at = this.links.findIndex(function (a) { return Math.abs(+a.getAttribute("data-number") - n) < 1e-9; });
      return { index: at, text: at >= 0 ? this.links[at].textContent : range.value };
    }
    var index = select ? +select.value : radio ? +radio.value : -1;
    if (box) {
      var want = box.checked ? "true" : "false";
      index = this.links.findIndex(function (a) { return a.textContent === want; });
      return { index: index, text: want };
    }
    return { index: index, text: index >= 0 && this.links[index] ? this.links[index].textContent : "" };
  };

  I.changed = function () {
    var self = this, c = this.chosen();
    if (this.output) this.output.textContent = c.text;
    clearTimeout(this.timer);
    this.timer = setTimeout(function () { self.timer = 0; self.go(self.chosen()); }, SETTLE);
  };

  I.say = function (text) {
    this.toggle = !this.toggle;
    this.said.textContent = text + (this.toggle ? "\u00a0" : "");
  };

  I.go = function (c) {
    var self = this, token = ++this.token;
    if (c.index < 0 || !this.links[c.index]) {
      this.say(this.hooks.fill(this.form.getAttribute("data-no-page"), { name: this.label, value: c.text }));
      return;
    }
    if (c.index === this.current) return;
    var link = this.links[c.index], href = link.getAttribute("href"), page = link.getAttribute("data-page");
    if (location.protocol === "file:" || !window.fetch || !window.DOMParser) { this.open(href); return; }
    fetch(href).then(function (r) { if (!r.ok) throw new Error(r.status); return r.text(); }).then(function (html) {
      if (token !== self.token) return;
      var doc = new DOMParser().parseFromString(html, "text/html");
      var script = doc.querySelector('script[src^="' + page + '."]');
      var ready = function () { if (token === self.token) self.swap(doc, c.index, page, href, c.text); };
      if (!script || (window.PitchlineCharts || {})[page]) { ready(); return; }
      var s = document.createElement("script");
      s.src = script.getAttribute("src");
      s.onload = ready;
      s.onerror = function () { self.open(href); };
      document.body.appendChild(s);
    }).catch(function () { if (token === self.token) self.open(href); });
  };

  /* Opens the value's page (nothing to fetch from file://); its control takes focus there and
     says the change (`arrived`). */
  I.open = function (href) { location.href = href + "#" + this.form.id; };

  /* On a page opened by `open`: focus on the control, and the change said once. */
  I.arrived = function () {
    if (location.hash !== "#" + this.form.id || this.current < 0) return;
    var control = this.form.querySelector("input:checked, input:not([type=radio]), select");
    var self = this, text = this.links[this.current].textContent;
    setTimeout(function () {   // after the page's load and its fragment's scroll
      if (control) control.focus();
      self.say(self.hooks.fill(self.form.getAttribute("data-changed"), { name: self.label, value: text, summary: self.form.getAttribute("data-summary") }));
    }, 300);
  };

  /* Puts the fetched page's figure and details in place of this one's and starts its scrubber
     where the reader was. */
  I.swap = function (doc, index, page, href, text) {
    var oldFigure = document.querySelector("figure.pl-chart[data-chart-id]"), newFigure = doc.querySelector("figure.pl-chart[data-chart-id]");
    var oldDetails = document.querySelector("section.pl-details"), newDetails = doc.querySelector("section.pl-details");
    if (!oldFigure || !newFigure) { this.open(href); return; }
    var gone = this.hooks.unmount(oldFigure);
    var figure = document.importNode(newFigure, true);
    oldFigure.replaceWith(figure);
    if (oldDetails && newDetails) oldDetails.replaceWith(document.importNode(newDetails, true));
    var chart = this.hooks.mount(figure);
    if (chart && gone && chart.rows) chart.show(Math.min(gone.row, chart.rows - 1));
    document.title = doc.title;
    if (history.replaceState) history.replaceState(null, "", href);
    this.links.forEach(function (a, i) { if (i === index) a.setAttribute("aria-current", "page"); else a.removeAttribute("aria-current"); });
    this.current = index;
    var form = doc.querySelector("form.pl-input");
    var summary = form ? form.getAttribute("data-summary") : "";
    this.say(this.hooks.fill(this.form.getAttribute("data-changed"), { name: this.label, value: text, summary: summary }));
  };

  window.PitchlineInputs = {
    /* Called once by pitchline.js after its charts started; `hooks`: { fill, mount, unmount }. */
    attach: function (hooks) {
      var forms = document.querySelectorAll("form.pl-input");
      for (var i = 0; i < forms.length; i++) new Input(forms[i], hooks).arrived();
    }
  };
})();
