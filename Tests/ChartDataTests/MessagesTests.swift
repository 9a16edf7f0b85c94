import ChartModel
import Foundation
import SpecReading
import Testing
@testable import ChartData
import D3Format

/// The message catalogues: every language complete and consistent, and what readers hear.
@Suite struct MessagesTests {
    @Test func everyLanguageHasEveryKeyWithTheSamePlaceholders() {
        let english = Messages.catalogue(.en)
        for language in Language.allCases where language != .en {
            let other = Messages.catalogue(language)
            #expect(Set(other.keys).subtracting(english.keys).sorted() == [], "\(language): keys English does not have")
            #expect(Set(english.keys).subtracting(other.keys).sorted() == [], "\(language): keys missing")
            for (key, text) in english {
                guard let translated = other[key] else { continue }
                #expect(Messages.placeholders(translated) == Messages.placeholders(text), "\(language) \(key): \(translated)")
            }
        }
    }

    @Test func noKeyIsWrittenTwice() {
        for language in Language.allCases {
            var seen = Set<String>(), twice: [String] = []
            for (key, _) in Messages.entries(language) where !seen.insert(key).inserted { twice.append(key) }
            #expect(twice == [], "\(language): \(twice)")
        }
    }

    /// A translator's slip (an unescaped quote, a missing `;`) either fails to parse or merges
    /// lines: every `"key" = …` line of every `.strings` file must be one entry of its table.
    @Test func everyCatalogueLineIsOneEntry() {
        for language in Language.allCases {
            for file in CatalogueFile.files(language) {
                let lines = CatalogueFile.keysInOrder(file.text)
                #expect(Set(lines) == Set(CatalogueFile.parse(file).keys), "Messages/\(file.name)")
                #expect(!lines.isEmpty, "Messages/\(file.name) is empty")
            }
        }
    }

    /// Keys named by a value (`MessageKey.family`) exist for every value the code can pass, in
    /// every language: each box statistic, time step, trend direction and reader setting.
    @Test func everyFamilyMemberExists() {
        let granularities: [TimeGranularity] = [.second, .minute, .hour, .day, .month, .quarter, .year]
        var keys: [MessageKey] = BoxStatistic.allCases.flatMap { s in
            [MessageKey.family(.box, s.rawValue), .family(.boxSaid, s.rawValue)]
        }
        // "no lower outliers": only an outlier series can be empty at a box.
        keys += BoxStatistic.allCases.filter(\.isOutliers).flatMap { [MessageKey.family(.boxNone, $0.rawValue), .family(.boxNonePart, $0.rawValue)] }
        keys += granularities.flatMap { [MessageKey.family(.step, $0.rawValue), .family(.tableCaption, $0.rawValue)] }
        keys += [Trend.Direction.rising, .falling, .flat].flatMap { [MessageKey.family(.figureTrend, $0.rawValue), .family(.figureTrend, "\($0.rawValue).all")] }
        keys += ReaderSettings.groups.flatMap { $0.choices.map(\.key) }
        keys += ["early", "mid", "late"].flatMap { [MessageKey.family(.approx, $0), .family(.approxAt, $0)] }
        for language in Language.allCases {
            let messages = Messages(tag: language.rawValue)
            let missing = keys.filter { messages.text($0) == nil }.map(\.name)
            #expect(missing == [], "\(language): \(missing)")
        }
    }

    @Test func pluralsHaveBothForms() {
        for language in Language.allCases {
            let keys = Set(Messages.catalogue(language).keys)
            let ones = keys.filter { $0.hasSuffix(".one") }.map { String($0.dropLast(4)) }
            let others = keys.filter { $0.hasSuffix(".other") }.map { String($0.dropLast(6)) }
            #expect(Set(ones) == Set(others), "\(language): \(Set(ones).symmetricDifference(others).sorted())")
        }
    }

    @Test func pluralRulesFollowTheLanguage() {
        #expect(Messages(tag: "en").plural(.countPoints, count: 0) == "0 points")
        #expect(Messages(tag: "fr").plural(.countPoints, count: 0) == "0 point")
        #expect(Messages(tag: "de").plural(.countPoints, count: 1) == "1 Punkt")
        #expect(Messages(tag: "de").plural(.countPoints, count: 1461) == "1.461 Punkte")
        #expect(Messages(tag: "es").plural(.countRows, count: 1461) == "1461 filas")
        #expect(Messages(tag: "es").plural(.countRows, count: 14610) == "14.610 filas")
        #expect(Messages(tag: "fr").plural(.countRows, count: 1461) == "1\u{202F}461 lignes")
    }

    @Test func tagsChooseALanguageAndUnsupportedOnesAreNamed() {
        #expect(Language(tag: "de-AT") == .de && Language(tag: "EN") == .en && Language(tag: "pt-BR") == nil)
        #expect(Language.problem(with: "fr-CA") == nil)
        #expect(Language.problem(with: "pt") == "\"pt\" is not a supported language; use one of en, de, fr, es, optionally with a region (\"de-AT\")")
    }

    @Test func datesFollowTheLocalesPatterns() {
        let d = Date(timeIntervalSince1970: Double(UTCCalendar.daysFromCivil(2012, 1, 3) * 86_400) + 14 * 3600)
        let first = Date(timeIntervalSince1970: Double(UTCCalendar.daysFromCivil(2012, 1, 1) * 86_400))
        func date(_ tag: String, _ date: Date, _ g: TimeGranularity) -> String { TextFormat.date(date, granularity: g, locale: Messages(tag: tag).locale) }
        #expect(date("en", d, .day) == "3 January 2012")
        #expect(date("de", d, .day) == "3. Januar 2012")
        #expect(date("fr", d, .day) == "3 janvier 2012")
        #expect(date("fr", first, .day) == "1er janvier 2012")
        #expect(date("es", d, .day) == "3 de enero de 2012")
        #expect(date("es", d, .month) == "enero de 2012")
        #expect(date("de", d, .hour) == "3. Januar 2012, 14:00")
        #expect(date("en-US", d, .day) == "January 3, 2012")
    }

    @Test func unitsAreSpokenInTheLanguage() {
        #expect(SpokenUnits.words(for: "°C", language: .de) == "Grad Celsius")
        #expect(SpokenUnits.words(for: "thousand MWh", language: .fr) == "milliers de mégawattheures")
        #expect(SpokenUnits.words(for: "m/s", language: .es) == "metros por segundo")
        #expect(SpokenUnits.words(for: "mm", language: .de) == "Millimeter")
        #expect(SpokenUnits.words(for: "km/l", language: .de) == "Kilometer pro Liter")
        #expect(SpokenUnits.words(for: "bpm", language: .fr) == "battements par minute")
        #expect(SpokenUnits.words(for: "mi/h", language: .es) == "millas por hora")
        #expect(SpokenUnits.words(for: "lbs", language: .de) == "Pfund")   // another spelling of lb
        // Not in the catalogue: said as written, not in English words.
        #expect(SpokenUnits.words(for: "widgets", language: .fr) == "widgets")
        #expect(SpokenUnits.words(for: "thousand widgets", language: .de) == "Tausend widgets")
    }

    /// The example site's charts in every language: no text falls back to a catalogue key
    /// (a key a catalogue lacks would be shown as the key itself).
    @Test func exampleChartsSayNoKeyInAnyLanguage() throws {
        let site = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("site")
        let charts = ChartLoader(siteDirectory: site).loadSite().charts
        #expect(charts.count >= 6)
        let keys = Set(Messages.catalogue(.en).keys).filter { $0.contains(".") }
        for language in Language.allCases {
            for chart in charts {
                let d = chart.describe(language: language.rawValue)
                let speech = SpeechFormatter(chart: chart, language: language.rawValue)
                let texts = [d.summary] + d.series.flatMap { [$0.statisticsSentence, $0.trendSentence] }
                    + chart.series.indices.map { speech.spokenLabel(series: $0, row: 0) } + [speech.xRangeText, speech.yRangeText]
                for text in texts {
                    #expect(!text.contains("[missing text:"), "\(language) \(chart.id): \(text)")
                    let leaked = keys.filter { text.contains($0) }
                    #expect(leaked.isEmpty, "\(language) \(chart.id): \(leaked) in \(text)")
                }
            }
        }
    }
}
