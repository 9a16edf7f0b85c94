import ChartData
import Foundation
import SpecReading
import Testing
@testable import ChartPages

/// Text the data script carries, in other languages.
@Suite struct LanguageTextTests {
    @Test func aGermanDayNumberIsNoSentenceEnd() {
        let german = Messages(tag: "de").locale.monthNames
        let text = "Werte von 1 Grad am 3. Januar 2012 bis 5 Grad. Zweiter Satz mit vielen Wörtern darin."
        let (first, rest) = ChartPresentation.splitSentences(text, words: 5, monthNames: german)
        #expect(first == "Werte von 1 Grad am 3. Januar 2012 bis 5 Grad.")
        #expect(rest == "Zweiter Satz mit vielen Wörtern darin.")
        // English years end sentences as before.
        let english = ChartPresentation.splitSentences("Rises to 5 in 2017. Then falls.", words: 3, monthNames: TextLocale.english.monthNames)
        #expect(english.first == "Rises to 5 in 2017." && english.rest == "Then falls.")
    }
}

@Suite struct TickLanguageTests {
    @Test func tickLabelsTakeTheLanguagesNamesAndSeparators() {
        let de = Messages(tag: "de").locale, fr = Messages(tag: "fr").locale, es = Messages(tag: "es").locale
        #expect(ChartGeometry.localizedLabel("Jan 2012", de) == "Jan. 2012")
        #expect(ChartGeometry.localizedLabel("12.5", de) == "12,5")
        #expect(ChartGeometry.localizedLabel("1,000", fr) == "1\u{202F}000")
        #expect(ChartGeometry.localizedLabel("1,000", es) == "1000")
        #expect(ChartGeometry.localizedLabel("March", es) == "marzo")
        #expect(ChartGeometry.localizedLabel("14:00", de) == "14:00")
        #expect(ChartGeometry.localizedLabel("2012", fr) == "2012")
        #expect(ChartGeometry.localizedLabel("Fossil Fuels", de) == "Fossil Fuels")
    }
}
