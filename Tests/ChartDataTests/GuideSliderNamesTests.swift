import Testing
@testable import ChartData

/// The guide tells readers what to listen for when they Tab to a chart: every name a slider can
/// have (a pie's, a heatmap's, a box plot's say their kind), in every language, as the pages set it.
struct GuideSliderNamesTests {
    @Test func theGuideNamesEverySliderNameAPageCanHave() {
        let names = ["slider.label", "slider.label.arc", "slider.label.donut", "slider.label.rect", "slider.boxplot"]
        for language in Language.allCases {
            let table = Messages.catalogue(language)
            let intro = table["guide.startIntro"] ?? ""
            for key in names {
                let name = table[key] ?? key
                #expect(intro.contains(name), "\(language): the guide does not name \(key) \"\(name)\"")
            }
        }
    }
}
