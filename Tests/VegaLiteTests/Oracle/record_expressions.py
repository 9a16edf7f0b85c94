#!/usr/bin/env python3
"""Records what the real Vega computes for each expression in expressions.txt, into
expressions.json beside it; ExpressionOracleTests.swift compares Pitchline's evaluator with it.

Usage: .venv/bin/python Tests/VegaLiteTests/Oracle/record_expressions.py
(needs vl-convert-python from browser-tests/requirements.txt). Each expression becomes a Vega
`formula` over one row (DATUM below, plus `t`, a date made by datetime(...)); a text mark shows
the raw result (a date as its time) and its description a type tag computed by Vega itself, so NaN, dates, null and
undefined stay apart. An expression Vega refuses is recorded as an error.
"""
import json
import os
import sys

import vl_convert as vlc

HERE = os.path.dirname(os.path.abspath(__file__))
DATUM = {
    "a": 1, "b": 2.5, "c": -3, "z": 0, "big": 123456789.125, "s": "Hello World", "e": "", "n": None,
    "num": "42", "ds": "2012-01-03", "dt": "2012-01-03T10:30:00", "us": "01/03/2012",
    "arr": [3, 1, 2], "o": {"k": "v", "m": 2}, "yes": True, "no": False, "a b": "spaced",
}
T_EXPR = "datetime(2012, 0, 3, 4, 5, 6, 7)"
TAG = ("isDate(datum.r) ? 'date' : isArray(datum.r) ? 'array' : isNumber(datum.r) ? "
       "(isNaN(datum.r) ? 'NaN' : datum.r === 1/0 ? 'Infinity' : datum.r === -1/0 ? '-Infinity' : 'number')"
       " : isString(datum.r) ? 'string' : isBoolean(datum.r) ? 'boolean' : datum.r === null ? 'null'"
       " : datum.r == null ? 'undefined' : 'object'")


def evaluate(expr):
    spec = {
        "width": 10, "height": 10,
        "data": [{
            "name": "t", "values": [DATUM],
            "transform": [
                {"type": "formula", "expr": T_EXPR, "as": "t"},
                {"type": "formula", "expr": expr, "as": "r"},
            ],
        }],
        "marks": [{"type": "text", "from": {"data": "t"}, "encode": {"enter": {
            "text": {"signal": "isDate(datum.r) ? time(datum.r) : datum.r"}, "description": {"signal": TAG}}}}],
    }
    try:
        sg = vlc.vega_to_scenegraph(spec)
    except Exception as error:  # Vega refused the expression (parse error, unknown function, TypeError)
        first = str(error).split("\n")
        message = next((line for line in first if line.startswith("Error") or "Error:" in line), first[0])
        return {"expr": expr, "error": message.strip()}
    try:
        items = sg["scenegraph"]["items"][0]["items"][0]["items"]
    except (IndexError, KeyError):
        items = []
    if not items:  # the formula threw inside the data flow, which Vega logs and drops the row
        return {"expr": expr, "error": "no row came out (the expression failed at run time)"}
    item = items[0]
    tag = item.get("description")
    value = item.get("text")
    return {"expr": expr, "type": tag, "value": value}


def main():
    with open(os.path.join(HERE, "expressions.txt"), encoding="utf-8") as f:
        exprs = [line.rstrip("\n") for line in f if line.strip() and not line.startswith("#")]
    cases = []
    for expr in exprs:
        case = evaluate(expr)
        cases.append(case)
        print(json.dumps(case, ensure_ascii=False), file=sys.stderr)
    out = {"vl_convert": vlc.__version__, "datum": DATUM, "t": T_EXPR, "cases": cases}
    with open(os.path.join(HERE, "expressions.json"), "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
