/* A multi-series scatter plot (issue 17): the series share rows, and each series has its own
   points among them (`series[s].points`, scrubber indexes made by the generator from
   Series.pointRows). The scrubber steps from one of the current series' own points to the next,
   never through another series' rows (which would say "no data"). */
(function () {
  "use strict";

  /* Where a move from `from` to `to` lands in a series with own `points` among `rows` rows: the
     nearest own point in the move's direction; past the first or last own point when the move
     leaves the rows or already stands on that end (so the scrubber says the end as usual). */
  function snap(points, from, to, rows) {
    var n = points ? points.length : 0;
    if (!n) return to;
    if (to > rows - 1) return points[n - 1] + 1;
    if (to < 0) return points[0] - 1;
    var lo = 0, hi = n;   // the first own point at or after `to`
    while (lo < hi) { var mid = (lo + hi) >> 1; if (points[mid] < to) lo = mid + 1; else hi = mid; }
    if (to >= from) return lo < n ? points[lo] : (from >= points[n - 1] ? points[n - 1] + 1 : points[n - 1]);
    if (lo < n && points[lo] === to) return to;
    return lo > 0 ? points[lo - 1] : (from <= points[0] ? points[0] - 1 : points[0]);
  }

  /* The first and last row the scrubber may stand on in `series`. */
  function ends(series, rows) {
    var p = series && series.points;
    return p && p.length ? [p[0], p[p.length - 1]] : [0, rows - 1];
  }

  /* The own point of `series` nearest to `row` (the earlier one on a tie); `row` when every row
     is the series' own. Arrival and a series switch stand on a point the series has. */
  function nearest(series, row) {
    var p = series && series.points;
    if (!p || !p.length) return row;
    var best = p[0];
    for (var i = 1; i < p.length; i++) if (Math.abs(p[i] - row) < Math.abs(best - row)) best = p[i];
    return best;
  }

  window.PitchlinePoints = { snap: snap, ends: ends, nearest: nearest };
})();
