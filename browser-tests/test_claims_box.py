"""J on a box plot (issue 30): S on the upper outliers says their range, and J lands on the group
holding the lowest outlier, then on one holding the highest, each said with its value (the chart
model's claims, part "outlier"). Uses test_claims' example export and helpers."""
import json

from test_claims import live, open_chart, page, said_after, site  # noqa: F401  (page and site are its fixtures)

CHART = "seattle-temperature-boxplot"


def test_s_then_j_on_the_upper_outliers_lands_on_their_groups(page, site):  # noqa: F811
    data = open_chart(page, site, CHART)
    model = json.loads((site["root"] / "charts" / f"{CHART}.json").read_text(encoding="utf-8"))
    statistics = model["boxPlot"]["statistics"]
    upper = statistics.index("upperOutliers")
    label = page.get_attribute(".pl-slider", "aria-valuetext")
    for _ in range(upper - statistics.index("median")):   # the scrubber starts on the medians; Up is the next statistic
        label = said_after(page, "ArrowUp", label)
    page.keyboard.press("s")
    assert live(page) == data["series"][upper]["brief"]
    claims = [c for sentence in model["series"][upper]["trend"]["sentences"] for c in sentence["claims"]]
    assert [(c["kind"], c.get("part")) for c in claims] == [("lowest", "outlier"), ("highest", "outlier")]
    stops = data["series"][upper]["briefClaims"]
    assert [(s["s"], s["row"]) for s in stops[:2]] == [(c["series"], c["rows"][0]) for c in claims]
    groups = model["boxPlot"]["groups"]
    for claim, word in zip(claims, ("Lowest: ", "Highest: ")):
        label = said_after(page, "j", label)
        row = claim["rows"][0]
        assert claim["value"] in groups[row]["upperOutliers"]
        number = f"{claim['value']:g}".replace("-", "−")
        assert label.startswith(word) and number in label and model["xAxis"]["categoryOrder"][row] in label, (claim, label)
