@testable import ChartData
import Foundation
import SpecReading
import Testing
@testable import ChartPages

/// Text the data script carries, in other languages.
@Suite struct LanguageTextTests {
    @Test func dSaysWholeSentencesUpToItsWords() {
        let (first, rest, count) = ChartPresentation.firstSentences(["Eins zwei drei.", "Am 3. Januar vier fünf.", "Sechs."], words: 4)
        #expect(first == "Eins zwei drei." && rest == "Am 3. Januar vier fünf. Sechs." && count == 1)
        let long = ChartPresentation.firstSentences(["Ein sehr langer erster Satz hier."], words: 2)
        #expect(long.first == "Ein sehr langer erster Satz hier." && long.rest == "" && long.count == 1)
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
