import SpecReading
import Testing
@testable import ChartData

/// The guide tells readers what to listen for when they Tab to a chart: every name a slider can
/// have (a pie's, a heatmap's, a box plot's say their kind), in every language, as the pages set it.
struct GuideSliderNamesTests {
    @Test func theGuideNamesEverySliderNameAPageCanHave() {
        for language in Language.allCases {
            let table = Messages.catalogue(language)
            // Every slider name a kind can have: "slider.label" and its ".<kind>" variants, and the box plot's.
            let names = table.keys.filter { $0 == "slider.label" || $0.hasPrefix("slider.label.") || $0 == "slider.boxplot" }.sorted()
            #expect(names.count >= 6, "\(names)")
            let intro = table["guide.startIntro"] ?? ""
            for key in names {
                let name = table[key] ?? key
                #expect(intro.contains(name), "\(language): the guide does not name \(key) \"\(name)\"")
            }
        }
    }
}
