import ChartModel
import Foundation
import Testing
@testable import ChartData

/// Real example charts read in German, French and Spanish: labels, summaries, statistics.
@Suite struct LanguagesTests {
    static let siteURL = ExampleSiteTests.siteURL

    func chart(_ id: String, languageDefault: String = "en") throws -> Chart {
        var loader = ChartLoader(siteDirectory: Self.siteURL)
        loader.languageDefault = languageDefault
        return try #require(loader.loadSite().charts.first { $0.id == id })
    }

    @Test func germanChartSpeaksGerman() throws {
        let chart = try chart("seattle-hoechsttemperatur")
        #expect(chart.options.language == "de")
        let speech = SpeechFormatter(chart: chart)
        #expect(speech.pointLabel(series: 0, row: 2) == "3. Januar 2012, Höchsttemperatur 11,7 °C")
        #expect(speech.spokenLabel(series: 0, row: 2) == "3. Januar 2012, Höchsttemperatur 11,7 Grad Celsius")
        let d = chart.describe()
        #expect(d.summary.hasPrefix("Liniendiagramm zu Tageshöchsttemperatur in Seattle 2012, vom 1. Januar 2012 bis zum 31. Dezember 2012, 366 Punkte. Werte von \u{2212}1,1 °C am 19. Januar 2012 bis 34,4 °C am 16. August 2012. Höchsttemperatur: stabil bei etwa 7 °C bis Mitte Januar 2012, Anstieg auf etwa 15,2 °C Anfang April 2012,"))
        #expect(d.series[0].statisticsSentence == "Höchsttemperatur: 366 Werte, keiner fehlt; Minimum \u{2212}1,1 °C am 19. Januar 2012, Maximum 34,4 °C am 16. August 2012, Mittelwert 15,28 °C, Median 14,7 °C.")
    }

    @Test func theSitesLanguageAppliesUnlessTheChartNamesItsOwn() throws {
        #expect(try chart("seattle-hoechsttemperatur", languageDefault: "fr").options.language == "de")
        let french = try chart("seattle-temperature", languageDefault: "fr")
        let speech = SpeechFormatter(chart: french)
        #expect(speech.pointLabel(series: 0, row: 2) == "3 janvier 2012, maximum temperature 11,7 °C")
        #expect(speech.spokenLabel(series: 0, row: 2) == "3 janvier 2012, maximum temperature 11,7 degrés Celsius")
        #expect(speech.spokenAllLabel(row: 2) == "3 janvier 2012, en degrés Celsius\u{202F}: maximum temperature 11,7, minimum temperature 7,2")
        let d = french.describe()
        #expect(d.summary.hasPrefix("Graphique en courbes «\u{202F}Seattle daily temperature\u{202F}», 2 séries\u{202F}: maximum temperature et minimum temperature, du 1er janvier 2012 au 31 décembre 2015, 1\u{202F}461 points par série."))
        #expect(d.series[0].trendSentence == "Maximum temperature\u{202F}: cycle annuel, au plus haut en août et au plus bas en décembre, autour d’un niveau stable d’environ 16,3 °C.")
    }

    @Test func spanishStatisticsAndElectricity() throws {
        let temperature = try chart("seattle-temperature", languageDefault: "es")
        #expect(SpeechFormatter(chart: temperature).pointLabel(series: 0, row: 2) == "3 de enero de 2012, maximum temperature 11,7 °C")
        #expect(temperature.describe().series[1].statisticsSentence == "Minimum temperature: 1461 valores, no falta ninguno; mínimo \u{2212}7,1 °C el 7 de diciembre de 2013, máximo 18,3 °C el 16 de agosto de 2012, media 8,23 °C, mediana 8,3 °C.")
        let electricity = try chart("iowa-electricity", languageDefault: "es")
        let speech = SpeechFormatter(chart: electricity)
        #expect(speech.spokenLabel(series: 0, row: 2) == "2003, Fossil Fuels 36.234 miles de megavatios hora")
        #expect(electricity.describe().series[2].trendSentence == "Renewables: sube de 1437 thousand MWh en 2001 a 21.933 thousand MWh en 2017 (+20.496 thousand MWh), en unos 1445 thousand MWh al año.")
    }

    @Test func aSiteWithoutTitleIsHeadedInItsLanguage() throws {
        #expect(try SiteSettings.parse(Data(#"{"language": "de"}"#.utf8), file: "p.json").title == "Diagramme und Berichte")
        #expect(try SiteSettings.parse(Data(#"{"language": "es", "title": "Lluvia"}"#.utf8), file: "p.json").title == "Lluvia")
        #expect(try SiteSettings.parse(Data("{}".utf8), file: "p.json").title == "Charts and reports")
    }

    @Test func monthsOfATimeUnitAreSaidInTheLanguage() throws {
        let chart = try chart("seattle-high-by-month", languageDefault: "de")
        let speech = SpeechFormatter(chart: chart)
        #expect(speech.xText(2) == "März")
        #expect(chart.describe().summary.contains("von Januar bis Dezember, 12 Punkte. Werte von 8,19 °C im Dezember bis 26,11 °C im August."))
        #expect(SpeechFormatter(chart: chart, language: "es").localizedCycle("3 January") == "3 de enero")
        #expect(SpeechFormatter(chart: chart, language: "fr").localizedCycle("Sunday") == "dimanche")
        #expect(SpeechFormatter(chart: chart, language: "en").xText(2) == "March")
    }

    @Test func aBareCSVsSidecarMayNameTheLanguage() throws {
        let chart = try ChartLoader.loadCSV(data: Data("date,regen\n2024-01-01,1.5\n2024-01-02,0\n".utf8), path: "site/charts/r.csv",
                                            sidecar: Data(#"{"language": "de-AT", "unit": "mm"}"#.utf8))
        #expect(chart.options.language == "de-AT")
        #expect(SpeechFormatter(chart: chart).spokenLabel(series: 0, row: 0) == "1. Jänner 2024, Regen 1,5 Millimeter")
    }

    @Test func anUnsupportedChartLanguageIsALocatedError() {
        let spec = """
        {"data": {"values": [{"a": 1, "b": 2}]}, "mark": "line",
         "encoding": {"x": {"field": "a", "type": "quantitative"}, "y": {"field": "b"}},
         "usermeta": {"pitchline": {
           "language": "pt-BR"}}}
        """
        var message = ""
        do { _ = try ChartLoader.loadSpec(data: Data(spec.utf8), path: "site/charts/t.vl.json") { _ in Data() } } catch { message = error.description }
        #expect(message == "site/charts/t.vl.json:4: $.usermeta.pitchline.language: \"pt-BR\" is not a supported language; use one of en, de, fr, es, optionally with a region (\"de-AT\")")
    }
}
