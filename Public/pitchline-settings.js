/* Pitchline reader settings (the "Audio chart settings" dialog, O): wording, order, speech and
   tones on or off, pitch, tone length and playback speed, remembered in localStorage for the site
   and applied to every chart on the page. Every wording comes from the generator (the chart data
   script's templates, the dialog's markup); this file only keeps the reader's choices. Loaded
   before pitchline.js (Public/*.js are joined in name order): it defines window.PitchlineSettings.
   The choices and their defaults are the dialog's (the generator's ReaderSettings: its radio
   groups and checkboxes, the defaults checked), read once the page is parsed.
   Storage may throw (file:, private mode, disabled): the settings then last for the page. */
(function () {
  "use strict";

  var KEY = "pitchline.settings";
  var DEFAULTS = {}, CHOICES = {};   // from the dialog's form (readForm)
  var values = {};
  var listeners = [];

  function copy(o) { var c = {}; for (var k in o) if (o.hasOwnProperty(k)) c[k] = o[k]; return c; }

  /* A radio button's value as the setting holds it: a number where the form's value is one. */
  function typed(text) { return text !== "" && !isNaN(+text) ? +text : text; }

  /* Each control's choices and default: a checkbox is on or off, checked by default or not; a
     radio group offers its buttons' values, the checked one the default. */
  function readForm(form) {
    var inputs = form ? form.querySelectorAll("input[name]") : [];
    for (var i = 0; i < inputs.length; i++) {
      var el = inputs[i], k = el.name;
      if (el.type === "checkbox") { DEFAULTS[k] = el.defaultChecked; continue; }
      if (el.type !== "radio") continue;
      (CHOICES[k] = CHOICES[k] || []).push(typed(el.value));
      if (el.defaultChecked) DEFAULTS[k] = typed(el.value);
    }
  }

  /* A stored value is used only when it is one the dialog offers (an old or edited entry is ignored). */
  function valid(k, v) {
    if (!DEFAULTS.hasOwnProperty(k)) return false;
    if (typeof DEFAULTS[k] === "boolean") return typeof v === "boolean";
    return CHOICES[k].indexOf(v) >= 0;
  }

  function load() {
    var stored = null;
    try { stored = JSON.parse(localStorage.getItem(KEY) || "null"); } catch (e) { stored = null; }
    values = copy(DEFAULTS);
    if (stored && typeof stored === "object") for (var k in stored) if (valid(k, stored[k])) values[k] = stored[k];
  }

  function save() {
    try {
      var changed = {};
      for (var k in values) if (values[k] !== DEFAULTS[k]) changed[k] = values[k];
      if (Object.keys(changed).length) localStorage.setItem(KEY, JSON.stringify(changed));
      else localStorage.removeItem(KEY);
    } catch (e) { /* not kept: this page still uses them */ }
  }

  function notify() { for (var i = 0; i < listeners.length; i++) listeners[i](values); }

  var S = window.PitchlineSettings = {
    get: function (k) { return values[k]; },
    set: function (k, v) {
      if (!valid(k, v) || values[k] === v) return;
      values[k] = v;
      save();
      notify();
    },
    reset: function () { values = copy(DEFAULTS); save(); notify(); },
    /* fn(values) after every change (this page, or another page of the site via storage events). */
    onChange: function (fn) { listeners.push(fn); },
    /* Pitch shift as a playback rate (tones are pre-rendered: 2^(semitones/12), so an octave
       lower also lasts twice as long) and the part of each tone played (0.34 … 1). */
    rate: function () { return Math.pow(2, values.pitch / 12); },
    /* Filled by pitchline.js: plays the lowest and highest tone with the current settings. */
    preview: null,
    open: openDialog
  };

  window.addEventListener("storage", function (e) { if (e.key === KEY || e.key === null) { load(); sync(); notify(); } });

  /* ---- The dialog: non-modal like the help (show(), Tab kept inside, Escape returns focus). ---- */

  var dialog = null, form = null, back = null;

  function field(name) { return form ? form.elements[name] : null; }

  /* The dialog's controls (radio groups and checkboxes) show the current values. Radio groups,
     not selects: Orca 43 in Chromium says nothing when Down changes a closed select (measured),
     while a radio button that gets focus is announced by every screen reader. */
  function sync() {
    if (!form) return;
    for (var k in values) {
      var el = field(k);
      if (!el) continue;
      if (el.type === "checkbox") el.checked = values[k];
      else if (el.length) { for (var i = 0; i < el.length; i++) el[i].checked = el[i].value === String(values[k]); }
      else el.value = String(values[k]);
    }
  }

  function focusables(root) {
    var list = root.querySelectorAll("button, select, input, a[href], textarea, [tabindex]:not([tabindex='-1'])"), out = [];
    for (var i = 0; i < list.length; i++) if (!list[i].disabled && list[i].getClientRects().length) out.push(list[i]);
    return out;
  }

  /* Tab and Shift+Tab cycle through the dialog's controls (shared with the help). */
  function keepTabInside(root, e) {
    var f = focusables(root);
    if (!f.length) { e.preventDefault(); return; }
    var i = f.indexOf(document.activeElement);
    if (e.shiftKey && i <= 0) { e.preventDefault(); f[f.length - 1].focus(); }
    else if (!e.shiftKey && (i < 0 || i === f.length - 1)) { e.preventDefault(); f[0].focus(); }
  }
  S.keepTabInside = keepTabInside;

  function close() {
    var to = back;
    back = null;
    if (dialog && dialog.open) dialog.close();
    if (to) to.focus();
  }

  function openDialog(returnTo) {
    if (!dialog || typeof dialog.show !== "function") return false;
    sync();
    if (dialog.open) return true;
    back = returnTo || null;
    dialog.show();
    var first = form.querySelector("input:checked") || form.querySelector("input");
    if (first) first.focus();
    return true;
  }

  function setUp() {
    dialog = document.getElementById("pl-settings");
    form = dialog ? dialog.querySelector("form") : null;
    readForm(form);
    load();
    if (!form) return;
    form.addEventListener("submit", function (e) { e.preventDefault(); });
    form.addEventListener("change", function (e) {
      var el = e.target, k = el.name;
      if (!DEFAULTS.hasOwnProperty(k)) return;
      var v = el.type === "checkbox" ? el.checked : typed(el.value);
      S.set(k, v);
      if ((k === "pitch" || k === "toneLength") && S.preview) S.preview();
    });
    var reset = dialog.querySelector(".pl-settings-reset"), preview = dialog.querySelector(".pl-settings-preview");
    if (reset) reset.addEventListener("click", function () { S.reset(); sync(); });
    if (preview) preview.addEventListener("click", function () { if (S.preview) S.preview(); });
    var closeButton = dialog.querySelector(".pl-settings-close");
    if (closeButton) closeButton.addEventListener("click", close);
    document.addEventListener("keydown", function (e) {
      if (!dialog.open) return;
      if (e.key === "Escape") { e.preventDefault(); close(); }
      else if (e.key === "Tab" && dialog.contains(document.activeElement)) keepTabInside(dialog, e);
    });
    dialog.addEventListener("close", function () { if (back) { var to = back; back = null; to.focus(); } });
    sync();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
})();
