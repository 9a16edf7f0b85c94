import Testing
@testable import D3Format

/// Expected texts are d3-time-format's own (its test suite); times are UTC.
@Suite struct TimeFormatTests {
    func utc(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0, _ ms: Int = 0) -> Double {
        UTCCalendar.time(
            year: Double(y), month: Double(m), date: Double(d), hours: Double(h), minutes: Double(mi),
            seconds: Double(s), milliseconds: Double(ms))
    }
    func fmt(_ spec: String, _ t: Double) -> String { TimeFormat(spec)(t) }

    @Test func calendar() {
        #expect(utc(1990, 0, 1) == 631_152_000_000)
        #expect(utc(2012, 12, 1) == utc(2013, 0, 1))
        #expect(utc(2012, 2, 0) == utc(2012, 1, 29))
        let f = UTCCalendar.fields(utc(-2, 5, 3, 4, 5, 6, 7))!
        #expect([f.year, f.month, f.date, f.hours, f.minutes, f.seconds, f.milliseconds] == [-2, 5, 3, 4, 5, 6, 7])
        #expect(UTCCalendar.fields(.nan) == nil)
        #expect(UTCCalendar.time(year: 275_761, month: 0).isNaN)
    }

    @Test func daysInMonthFollowTheGregorianLeapRule() {
        #expect(UTCCalendar.daysInMonth(year: 2012, month: 2) == 29)
        #expect(UTCCalendar.daysInMonth(year: 1900, month: 2) == 28)
        #expect(UTCCalendar.daysInMonth(year: 2000, month: 2) == 29)
        #expect(UTCCalendar.daysInMonth(year: 2011, month: 12) == 31)
        #expect(UTCCalendar.daysInMonth(year: 2011, month: 4) == 30)
    }

    /// Vega's default time axis labels (d3-scale's multi-scale format), as vl-convert draws them.
    @Test func multiScaleTickFormat() {
        #expect(TimeFormat.multiScale(utc(2012, 0, 1)) == "2012")
        #expect(TimeFormat.multiScale(utc(2012, 3, 1)) == "April")
        #expect(TimeFormat.multiScale(utc(2012, 0, 8)) == "Jan 08")  // a Sunday
        #expect(TimeFormat.multiScale(utc(2012, 0, 2)) == "Mon 02")
        #expect(TimeFormat.multiScale(utc(2012, 0, 2, 18)) == "06 PM")
        #expect(TimeFormat.multiScale(utc(2012, 0, 1, 0, 1)) == "12:01")
        #expect(TimeFormat.multiScale(utc(2012, 0, 1, 0, 0, 5)) == ":05")
        #expect(TimeFormat.multiScale(utc(2012, 0, 1, 0, 0, 5, 250)) == ".250")
    }

    @Test func names() {
        #expect((1...7).map { fmt("%a", utc(1990, 0, $0)) } == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
        #expect(fmt("%A", utc(1990, 0, 7)) == "Sunday")
        #expect(fmt("%b", utc(1990, 4, 1)) == "May")
        #expect(fmt("%B", utc(1990, 8, 1)) == "September")
        #expect(fmt("%c", utc(1990, 0, 1)) == "1/1/1990, 12:00:00 AM")
        #expect(fmt("%x", utc(2010, 5, 1)) == "6/1/2010")
        #expect(fmt("%X", utc(1990, 0, 1, 13, 34, 59)) == "1:34:59 PM")
        #expect(fmt("%p", utc(1990, 0, 1, 13)) == "PM")
    }

    @Test func numbersAndPadding() {
        #expect(fmt("%d", utc(1990, 0, 1)) == "01")
        #expect(fmt("%e", utc(1990, 0, 1)) == " 1")
        #expect(fmt("%-d", utc(1990, 0, 1)) == "1")
        #expect(fmt("%_S", utc(1990, 0, 1, 0, 0, 3)) == " 3")
        #expect(fmt("%0S", utc(1990, 0, 1, 0, 0, 32)) == "32")
        #expect(fmt("%I", utc(1990, 0, 1, 0)) == "12")
        #expect(fmt("%I", utc(1990, 0, 1, 13)) == "01")
        #expect(fmt("%H", utc(1990, 0, 1, 13)) == "13")
        #expect(fmt("%j", utc(2010, 2, 14)) == "073")
        #expect(fmt("%j", utc(2010, 10, 8)) == "312")
        #expect(fmt("%m", utc(1990, 9, 1)) == "10")
        #expect(fmt("%L", utc(1990, 0, 1, 0, 0, 0, 432)) == "432")
        #expect(fmt("%f", utc(1990, 0, 1, 0, 0, 0, 432)) == "432000")
        #expect(fmt("%q", utc(1990, 9, 1)) == "4")
        #expect(fmt("%Q", utc(1990, 0, 1, 12, 34, 56)) == "631197296000")
        #expect(fmt("%s.%L", utc(1990, 0, 1, 12, 34, 56, 789)) == "631197296.789")
        #expect(fmt("%u", utc(1990, 0, 7)) == "7")
        #expect(fmt("%w", utc(1990, 0, 7)) == "0")
        #expect(fmt("%y", utc(-2, 0, 1)) == "-02")
        #expect(fmt("%Y", utc(123, 0, 1)) == "0123")
        #expect(fmt("%Y", utc(10002, 0, 1)) == "0002")
        #expect(fmt("%Y", utc(-2, 0, 1)) == "-0002")
        #expect(fmt("%Z", utc(1990, 0, 1)) == "+0000")
        #expect(fmt("%%", utc(1990, 0, 1)) == "%")
        #expect(fmt("%Y-%m-%dT%H:%M:%S.%LZ", utc(2012, 0, 3, 4, 5, 6, 7)) == "2012-01-03T04:05:06.007Z")
    }

    @Test func weekNumbers() {
        #expect(fmt("%U", utc(1990, 0, 1)) == "00")
        #expect(fmt("%U", utc(1990, 5, 1)) == "21")
        #expect(fmt("%U", utc(2010, 2, 13, 23)) == "10")
        #expect(fmt("%U", utc(2010, 10, 7)) == "45")
        #expect(fmt("%U", utc(2012, 0, 1)) == "01")
        #expect(fmt("%W", utc(1990, 0, 1)) == "01")
        #expect(fmt("%W", utc(1990, 5, 1)) == "22")
        #expect(fmt("%W", utc(2010, 10, 8)) == "45")
        #expect(fmt("%V", utc(1990, 0, 1)) == "01")
        #expect(fmt("%V", utc(2010, 2, 14)) == "10")
        #expect(fmt("%V", utc(2010, 2, 15)) == "11")
        #expect(fmt("%V", utc(2015, 11, 31)) == "53")
        #expect(fmt("%V", utc(2016, 0, 1)) == "53")
        #expect(fmt("%g", utc(2018, 11, 30)) == "18")
        #expect(fmt("%G", utc(2018, 11, 31)) == "2019")
        #expect(fmt("%G", utc(2019, 0, 1)) == "2019")
    }

    @Test func otherLocalesAreData() {
        let t = utc(2012, 2, 3, 14, 5)
        #expect(TimeFormat("%c", locale: .deDE)(t) == "Samstag, der  3. März 2012, 14:05:00")
        #expect(TimeFormat("%c", locale: .frFR)(t) == "samedi  3 mars 2012 à 14:05:00")
        #expect(TimeFormat("%x", locale: .esES)(t) == "03/03/2012")
        #expect(TimeParse("%d %B %Y", locale: .frFR)("3 février 2012") == utc(2012, 1, 3))
        #expect(TimeParse("%d %b %Y", locale: .deDE)("3 Mrz 2012") == utc(2012, 2, 3))
    }

    @Test func invalidDates() {
        #expect(fmt("%Y-%m-%d", .nan) == "0NaN-NaN-NaN")
        #expect(fmt("%f", .nan) == "NaN000")
        #expect(fmt("%b", .nan) == "")
    }

    @Test func parsing() {
        func p(_ spec: String, _ s: String) -> Double? { TimeParse(spec)(s) }
        #expect(p("%Y-%m-%d", "2012-01-03") == utc(2012, 0, 3))
        #expect(p("%Y-%m-%d", "2012-01-03 ") == nil)
        #expect(p("%m/%d/%Y", "1/1/1990") == utc(1990, 0, 1))
        #expect(p("%m/%d/%Y", " 1/ 1/1990") == utc(1990, 0, 1))
        #expect(p("%b %d, %Y", "jan 1, 1990") == utc(1990, 0, 1))
        #expect(p("%B %d, %Y", "January 01, 1990") == utc(1990, 0, 1))
        #expect(p("%A %b %d %Y", "Monday Jan 01 1990") == utc(1990, 0, 1))
        #expect(p("%a %m/%d/%Y", "Tue 01/01/1990") == utc(1990, 0, 1))  // weekday ignored when a date is given
        #expect(p("%y", "68") == utc(2068, 0, 1))
        #expect(p("%y", "69") == utc(1969, 0, 1))
        #expect(p("%I:%M %p", "12:00 AM") == utc(1900, 0, 1, 0))
        #expect(p("%I:%M %p", "12:30 pm") == utc(1900, 0, 1, 12, 30))
        #expect(p("%H:%M:%S.%L", "13:34:59.123") == utc(1900, 0, 1, 13, 34, 59, 123))
        #expect(p("%Y-%m-%dT%H:%M:%S%Z", "1990-01-01T00:00:00+0130") == utc(1989, 11, 31, 22, 30))
        #expect(p("%Y-%m-%dT%H:%M:%S%Z", "1990-01-01T00:00:00-01:30") == utc(1990, 0, 1, 1, 30))
        #expect(p("%Y-%m-%dT%H:%M:%S%Z", "1990-01-01T00:00:00Z") == utc(1990, 0, 1))
        #expect(p("%Q", "631197296789") == 631_197_296_789)
        #expect(p("%s", "631197296") == 631_197_296_000)
        #expect(p("%s.%L", "631197296.789") == 631_197_296_789)
        #expect(p("%Y %j", "2010 073") == utc(2010, 2, 14))
        #expect(p("%Y %U %w", "2010 10 6") == utc(2010, 2, 13))
        #expect(p("%Y %W %u", "1990 01 1") == utc(1990, 0, 1))
        #expect(p("%G-W%V-%w", "2016-W53-5") == utc(2017, 0, 6))
        #expect(p("%G-W%V-%u", "2016-W53-5") == utc(2017, 0, 2))  // d3 reads the weekday of %V from %w only
        #expect(p("%Y %V", "2015 53") == utc(2015, 11, 28))
        #expect(p("%Y Q%q", "2018 Q3") == utc(2018, 6, 1))
        #expect(p("%c", "1/1/1990, 12:00:00 AM") == utc(1990, 0, 1))
        #expect(p("%x", "6/1/2010") == utc(2010, 5, 1))
        #expect(p("%d%%", "12%") == utc(1900, 0, 12))
        #expect(p("%Y-%m-%d", "2012-02-30") == utc(2012, 2, 1))
        #expect(p("%Y-%m-%d", "nope") == nil)
        #expect(p("%Y", "") == nil)
        #expect(p("%k", "k") == nil)
        // d3-time-format's own parse cases.
        #expect(p("%m/%d/%y", "03/10/2010") == nil)
        #expect(p("%b %d, %Y", "feb  2, 2010") == utc(2010, 1, 2))
        #expect(p("%b %d, %Y", "jan. 1, 1990") == nil)
        #expect(p("%B %d, %Y", "jan 1, 1990") == nil)
        #expect(p("%A %m/%d/%Y", "Caturday 03/10/2010") == nil)
        #expect(p("%X", "11:59:59 PM") == utc(1900, 0, 1, 23, 59, 59))
        #expect(p("%f", "432000") == utc(1900, 0, 1, 0, 0, 0, 432))
        #expect(p("%m/%d/%Y %Z", "01/02/1990 +0100") == utc(1990, 0, 1, 23))
        #expect(p("%m/%d/%Y %Z", "01/02/1990 -01:30") == utc(1990, 0, 2, 1, 30))
        #expect(p("%m/%d/%Y %Z", "01/02/1990 +01") == utc(1990, 0, 1, 23))
        #expect(p("%m/%d/%Y %Z", "01/02/1990 Z") == utc(1990, 0, 2))
        #expect(p("%Y %U %w", "2012 01 0") == utc(2012, 0, 1))
        #expect(p("%w %V %Y", "0 05 1991") == utc(1991, 1, 3))
        #expect(p("%w %V %Y", "4 53 1992") == utc(1992, 11, 31))
        #expect(p("%w %V %Y", "0 52 1994") == utc(1995, 0, 1))
        #expect(p("%w %V %Y", "X 03 2010") == nil)
        #expect(p("%V %Y", "05 1991") == utc(1991, 0, 28))
        #expect(p("%V %Y", "53 1992") == utc(1992, 11, 28))
        #expect(p("%V %Y", "01 1993") == utc(1993, 0, 4))
        #expect(p("%V %Y", "00 1995") == nil)
        #expect(p("%V %Y", "54 1995") == nil)
        #expect(p("%s.%f", "631197296.789000") == utc(1990, 0, 1, 12, 34, 56, 789))
    }
}
