"""What the corpus generators (make_own.py, make_layers.py, make_own_multiples.py) share: where
the specs go, the schema, the data files, field shorthands and the writer."""
import json
import os

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "own")
S = "https://vega.github.io/schema/vega-lite/v5.json"
CARS, STOCKS, BARLEY, WEATHER = ("../data/cars.json", "../data/stocks.csv", "../data/barley.json",
                                 "../data/seattle-weather.csv")
Q = lambda f, **k: {"field": f, "type": "quantitative", **k}
N = lambda f, **k: {"field": f, "type": "nominal", **k}
O = lambda f, **k: {"field": f, "type": "ordinal", **k}
T = lambda f, **k: {"field": f, "type": "temporal", **k}


def write_specs(specs):
    """Writes each spec as corpus/own/<name>.vl.json (indent 1, final newline)."""
    os.makedirs(OUT, exist_ok=True)
    for name, s in specs.items():
        with open(os.path.join(OUT, name + ".vl.json"), "w") as f:
            json.dump(s, f, indent=1)
            f.write("\n")
    print(len(specs), "specs written to", OUT)
