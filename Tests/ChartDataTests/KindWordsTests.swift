import Foundation
import SpecReading
import Testing
@testable import ChartData

/// Kind names inside sentences: each kind's phrase with its indefinite article agrees with the
/// noun in every language ("eine Heatmap", "une carte de chaleur", "an area chart").
struct KindWordsTests {
    /// Every kind noun (`kind.line`, `kind.rect`, …) has its phrase with an article (`kind.line.a`).
    @Test func everyKindHasItsPhraseWithAnArticle() {
        for language in Language.allCases {
            let table = Messages.catalogue(language)
            let kinds = table.keys.filter { $0.hasPrefix("kind.") && $0.split(separator: ".").count == 2 }
            #expect(kinds.count >= 19, "\(language)")
            for key in kinds {
                guard let phrase = table[key + ".a"] else { Issue.record("\(language): \(key).a missing"); continue }
                // The phrase is the noun (lower case mid-sentence, except German nouns) after its article.
                let noun = table[key]!
                let words = phrase.split(separator: " ", maxSplits: 1).map(String.init)
                #expect(words.count == 2 && words[1].lowercased() == noun.lowercased(), "\(language) \(key): \(phrase)")
                if language == .en, let first = words.last?.first {
                    #expect(words[0] == ("aeiou".contains(first.lowercased()) ? "an" : "a"), "\(key): \(phrase)")
                }
            }
        }
    }

    @Test func articlesAgreeWithFeminineNouns() {
        #expect(Messages(tag: "de")[.kindRectA] == "eine Heatmap")
        #expect(Messages(tag: "de")[.kindBoxplotA] == "ein Boxplot")
        #expect(Messages(tag: "de")[.kindDivergingA] == "ein divergierendes Balkendiagramm")
        #expect(Messages(tag: "fr")[.kindRectA] == "une carte de chaleur")
        #expect(Messages(tag: "fr")[.kindBoxplotA] == "une boîte à moustaches")
        #expect(Messages(tag: "es")[.kindRectA] == "un mapa de calor")
        #expect(Messages(tag: "en")[.kindAreaA] == "an area chart")
        #expect(Messages(tag: "en")[.kindErrorbarA] == "an error bar chart")
    }

    static func facetOfHeatmaps(_ language: String) -> String {
        """
        {"data": {"values": [{"y": 2012, "m": "Jan", "s": "A", "v": 1}, {"y": 2012, "m": "Feb", "s": "B", "v": 2},
                             {"y": 2013, "m": "Jan", "s": "A", "v": 3}, {"y": 2013, "m": "Feb", "s": "B", "v": 4}]},
         "facet": {"field": "y", "type": "ordinal"}, "usermeta": {"pitchline": {"language": "\(language)"}},
         "spec": {"mark": "rect", "encoding": {"x": {"field": "m", "type": "nominal"}, "y": {"field": "s", "type": "nominal"},
                                               "color": {"field": "v", "type": "quantitative", "title": "Wert"}}}}
        """
    }

    /// A figure of heatmaps says each panel is "eine Heatmap" in German, "une carte de chaleur" in French.
    @Test func aFigureOfHeatmapsUsesTheArticleOfTheNoun() throws {
        func overview(_ language: String) throws -> String {
            let loaded = try ChartLoader.loadAny(data: Data(Self.facetOfHeatmaps(language).utf8), path: "site/charts/t.vl.json") { _ in throw CocoaError(.fileReadNoSuchFile) }
            guard case .figure(let f) = loaded else { Issue.record("not a figure"); return "" }
            return f.describe().overview
        }
        let de = try overview("de"), fr = try overview("fr"), en = try overview("en")
        #expect(de.contains("jeweils eine Heatmap von Wert"), "\(de)")
        #expect(fr.contains("chacun une carte de chaleur de"), "\(fr)")
        #expect(en.contains("each a heatmap of"), "\(en)")
    }

    /// `pitchline check` names kinds in English whatever the chart's language (`Chart.kindName`
    /// of an English copy): the kind keys are language-independent.
    @Test func kindNamesInEnglishForAGermanChart() throws {
        var chart = try spec(#"{"data": {"values": [{"a": 1, "b": 2}, {"a": 2, "b": 3}]}, "mark": "line", "usermeta": {"pitchline": {"language": "de"}}, "encoding": {"x": {"field": "a", "type": "quantitative"}, "y": {"field": "b", "type": "quantitative"}}}"#)
        #expect(chart.kindName == "Liniendiagramm")
        chart.options.language = "en"
        #expect(chart.kindName == "Line chart")
    }

    /// Shares are written as the language writes percentages (CLDR): "52 %" with a no-break
    /// space in German, French and Spanish, "52%" in English.
    @Test func sharesFollowTheLanguagesPercentSign() throws {
        let pie = #"{"data": {"values": [{"k": "a", "v": 52}, {"k": "b", "v": 48}]}, "mark": "arc", "usermeta": {"pitchline": {"language": "LANG"}}, "encoding": {"theta": {"field": "v", "type": "quantitative"}, "color": {"field": "k"}}}"#
        for (language, text) in [("en", "52%"), ("de", "52\u{A0}%"), ("fr", "52\u{A0}%"), ("es", "52\u{A0}%")] {
            let chart = try spec(pie.replacingOccurrences(of: "LANG", with: language))
            #expect(SpeechFormatter(chart: chart).shareText(0.52) == text, "\(language)")
        }
    }

    /// A heatmap cell read value first keeps the value's name, then the column and row.
    @Test func aHeatmapCellValueFirstKeepsTheValuesName() throws {
        let chart = try spec(#"{"data": {"values": [{"m": "Jan", "y": "2012", "t": 7.1}]}, "mark": "rect", "encoding": {"x": {"field": "m", "type": "nominal"}, "y": {"field": "y", "type": "ordinal"}, "color": {"field": "t", "type": "quantitative", "title": "Mean daily high"}}}"#)
        #expect(SpeechFormatter(chart: chart).spokenLabel(series: 0, row: 0, verbosity: .normal, order: .valueFirst) == "mean daily high 7.1, Jan, 2012")
    }
}
