import Foundation
import Testing
@testable import ChartData

/// The reader settings' wordings (terse, value first, verbose): made here once; the page only
/// chooses among them (browser-tests/test_reader.py checks the page says the same).
struct LabelVariantTests {
    @Test func eachSettingHasItsWording() throws {
        let c = try SpokenLabelTests().chart(unit: "°C")
        let f = SpeechFormatter(chart: c)
        let normal = "3 January 2012, maximum temperature 11.7 degrees Celsius"
        #expect(f.spokenLabel(series: 0, row: 2, verbosity: .normal, order: .xFirst) == normal)
        #expect(f.spokenLabel(series: 0, row: 2, verbosity: .normal, order: .valueFirst)
                == "maximum temperature 11.7 degrees Celsius, 3 January 2012")
        #expect(f.spokenLabel(series: 0, row: 2, verbosity: .terse, order: .valueFirst) == "11.7")
        #expect(f.spokenLabel(series: 0, row: 2, verbosity: .verbose, order: .xFirst)
                == normal + ", 3 of \(TextFormat.count(c.pointCount))")
        // The templates the data script carries give the same texts when filled.
        let v = f.labelVariants(series: 0)
        #expect(SpeechFormatter.fill(v.valueFirst, x: f.xLabel(2), value: f.templateValue(series: 0, row: 2))
                == f.spokenLabel(series: 0, row: 2, verbosity: .normal, order: .valueFirst))
        #expect(f.positionTemplate(pointCount: 1461) == ", {p} of 1,461")
    }
}
