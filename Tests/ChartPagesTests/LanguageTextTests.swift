import ChartData
import Foundation
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
