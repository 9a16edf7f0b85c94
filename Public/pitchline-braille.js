/* Pitchline braille line (B, docs/architecture.md "Braille"): the generator's braille line of
   the current series (made in Swift by BrailleLine; the all-series view shows the first series)
   with the cursor's cell put in. Braille displays get it as the slider's aria-braillelabel
   (ARIA 1.3: shown in braille in place of the name "Audio chart", never spoken); the page shows
   it under the readout, hidden from speech. Off by default; the choice is kept like T and C. */
(function () {
  "use strict";
  var on = false, charts = [];
  try { on = localStorage.getItem("pitchline.braille") === "on"; } catch (e) { /* not kept */ }

  /* The line of `series` with the cursor at scrubber point `row` ("" without one). */
  function line(series, row) {
    var b = series && series.braille;
    if (!b) return "";
    var c = 0;
    while (c + 1 < b.starts.length && b.starts[c + 1] <= row) c++;
    var cell = c >> 1;   // two dot columns a cell; every braille pattern is one UTF-16 unit
    return b.cells.slice(0, cell) + b.cursor[c] + b.cells.slice(cell + 1);
  }

  /* Puts chart's line at its cursor (or takes it away when off). Called before the slider's
     value changes, so the screen reader's braille refresh for the new value has the new line. */
  function update(chart) {
    if (charts.indexOf(chart) < 0) charts.push(chart);
    var shown = chart.figure.querySelector(".pl-braille");
    var text = on ? line(chart.series[chart.s < chart.series.length ? chart.s : 0], chart.row) : "";
    if (text) chart.slider.setAttribute("aria-braillelabel", text);
    else chart.slider.removeAttribute("aria-braillelabel");
    if (shown) { shown.textContent = text; shown.hidden = !text; }
    if (text) refreshBraille(chart);
  }

  /* Orca 43 keeps element attributes in a cache it drops only when the document's children
     change (not for a live region's); without that the display kept the first cursor position
     (measured with Orca's braille log). So each update adds an element (a section holding a blank
     braille cell) to a visually hidden, empty element outside the slider and takes it away in the
     next task. */
  function refreshBraille(chart) {
    var sync = chart.figure.querySelector(".pl-braille-sync");
    if (!sync) {
      sync = document.createElement("div");
      sync.className = "pl-visually-hidden pl-braille-sync";
      chart.figure.querySelector(".pl-scrub").appendChild(sync);
    }
    var cell = document.createElement("div");   // a section: Orca passes over text leaves and images
    cell.textContent = "\u2800";
    sync.appendChild(cell);
    setTimeout(function () { if (cell.parentNode) cell.parentNode.removeChild(cell); }, 0);
  }

  /* B: switches the line on or off for every chart on the page; returns the new state. */
  function toggle() {
    on = !on;
    try { localStorage.setItem("pitchline.braille", on ? "on" : "off"); } catch (e) { /* not kept */ }
    for (var i = 0; i < charts.length; i++) update(charts[i]);
    return on;
  }

  window.PitchlineBraille = { update: update, toggle: toggle };
})();
