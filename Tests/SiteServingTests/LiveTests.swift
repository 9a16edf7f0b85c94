import Foundation
import HTTPServer
import RawHTTPClient
import SiteFolders
import SiteGenerator
import SiteServing
import Testing

/// A site with one live chart: `rows` readings in `data/sensor.csv`, a window of `window` rows.
private func liveSite(rows: Int = 3, window: Int = 100, post: Bool = true) throws -> URL {
    let csv = "time,temperature\n" + (0..<rows).map { "2026-11-29T14:\(String(format: "%02d", $0)):00,\(20 + $0)" }.joined(separator: "\n") + "\n"
    return try writeSite([
        "pitchline.json": post ? #"{"live": {"post": true}}"# : "{}",
        "data/sensor.csv": csv,
        "charts/sensor.vl.json": """
            {"title": "Sensor", "data": {"url": "../data/sensor.csv"}, "mark": "line",
             "encoding": {"x": {"field": "time", "type": "temporal"},
                          "y": {"field": "temperature", "type": "quantitative", "scale": {"domain": [10, 30]}}},
             "usermeta": {"pitchline": {"unit": "°C", "live": {"window": \(window)}}}}
            """,
    ], name: "live")
}

/// Generates `site` and serves it for one test.
private func withLiveSite<T>(
    _ site: URL, configure: (inout HTTPServerConfiguration) -> Void = { _ in }, _ body: (SiteServer) throws -> T
) async throws -> T {
    let set = try await SiteGenerator(siteDirectory: site, themeDirectory: nil, cacheDirectory: nil).generate()
    #expect(set.problems.isEmpty, "\(set.problems)")
    let server = try SiteServer(fileSet: set, configuration: testServerConfiguration(configure))
    try server.start()
    defer { server.stop(gracePeriod: .seconds(2)) }
    return try body(server)
}

/// The events' text with the chunked framing removed.
private func dechunked(_ data: Data) -> String {
    let bytes = [UInt8](data), crlf: [UInt8] = [13, 10]
    func find(_ pattern: [UInt8], from: Int) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        return (from...(bytes.count - pattern.count)).first { Array(bytes[$0..<$0 + pattern.count]) == pattern }
    }
    guard let head = find(crlf + crlf, from: 0) else { return "" }
    var at = head + 4, out: [UInt8] = []
    while at < bytes.count, let line = find(crlf, from: at), let size = Int(String(decoding: bytes[at..<line], as: UTF8.self), radix: 16),
          line + 2 + size <= bytes.count {
        out += bytes[(line + 2)..<(line + 2 + size)]
        at = line + 2 + size + 2
    }
    return String(decoding: out, as: UTF8.self)
}

private func post(_ body: String, type: String, port: Int, chart: String = "sensor") throws -> RawResponse {
    try rawRequest(port: port, "POST /charts/\(chart)/rows HTTP/1.1\r\nHost: x\r\nContent-Type: \(type)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
}

/// Opens an event stream; `headers` are extra request lines.
private func openEvents(port: Int, query: String = "", headers: String = "") throws -> RawConnection {
    let connection = try RawConnection(port: port)
    try connection.send("GET /charts/sensor/events\(query) HTTP/1.1\r\nHost: x\r\n\(headers)\r\n")
    return connection
}

@Suite("Live charts: rows in, server-sent events out (issue 29)")
struct LiveTests {
    @Test("an event per row: text/event-stream, id, event, data made by the generator; a POST reaches open streams")
    func framing() async throws {
        try await withLiveSite(try liveSite()) { server in
            let events = try openEvents(port: server.port)
            let opened = try events.readUntil { dechunked($0).contains(": live\n\n") }
            let head = String(decoding: opened, as: UTF8.self)
            #expect(head.hasPrefix("HTTP/1.1 200"))
            #expect(head.contains("Content-Type: text/event-stream"))
            #expect(head.contains("Content-Security-Policy: default-src 'self'"))
            #expect(dechunked(opened).hasPrefix("retry: 2000\n: live\n\n"))

            let added = try post("2026-11-29T14:03:00,31.5\n2026-11-29T14:04:00,19\n", type: "text/csv", port: server.port)
            #expect(added.status == 200, "\(added.text)")
            #expect(added.text == "{\"added\":2,\"lastID\":4}\n")
            let text = dechunked(try events.readUntil { dechunked($0).contains("id: 4\n") })
            let frames = text.components(separatedBy: "\n\n").filter { $0.hasPrefix("id:") }
            #expect(frames.count == 2)
            #expect(frames[0].hasPrefix("id: 3\nevent: point\ndata: {"))
            // Above the fixed scale (10…30): the boundary tone and the flag; a new high.
            let data = try JSONSerialization.jsonObject(with: Data(frames[0].components(separatedBy: "data: ")[1].utf8)) as! [String: Any]
            #expect(data["v"] as? [String] == ["31.5"])
            #expect(data["s"] as? [Int] == [1])
            #expect(data["e"] as? [Int] == [1])
            #expect((data["x"] as? String)?.contains("14:03") == true, "\(data["x"] ?? "")")
            #expect(data["p"] as? String == "4")
            let second = try JSONSerialization.jsonObject(with: Data(frames[1].components(separatedBy: "data: ")[1].utf8)) as! [String: Any]
            #expect(second["s"] as? [Int] == [0])
            #expect((second["t"] as? [Int])! != (data["t"] as? [Int])!)
        }
    }

    @Test("Last-Event-ID resumes after the last row a client saw; ?from= starts after the page's rows")
    func resume() async throws {
        try await withLiveSite(try liveSite()) { server in
            let rows = (3..<8).map { "2026-11-29T15:0\($0):00,2\($0)" }.joined(separator: "\n")
            #expect(try post(rows, type: "text/csv", port: server.port).status == 200)
            let resumed = try openEvents(port: server.port, headers: "Last-Event-ID: 5\r\n")
            let text = dechunked(try resumed.readUntil { dechunked($0).contains("id: 7\n") })
            #expect(!text.contains("id: 5\n") && !text.contains("id: 4\n"))
            #expect(text.contains("id: 6\n"))
            let fresh = try openEvents(port: server.port, query: "?from=3")
            let all = dechunked(try fresh.readUntil { dechunked($0).contains("id: 7\n") })
            #expect((3...7).allSatisfy { all.contains("id: \($0)\n") })
            // No replay without either: only rows from now on.
            let now = try openEvents(port: server.port)
            let opening = dechunked(try now.readUntil { dechunked($0).contains(": live\n\n") })
            #expect(!opening.contains("id:"))
        }
    }

    @Test("a bad row refuses the whole request: 400 names row, column and problem; nothing applied")
    func badRowRefused() async throws {
        try await withLiveSite(try liveSite()) { server in
            let feedBefore = server.live!.feeds["sensor"]!.nextID
            let bad = try post("2026-11-29T14:03:00,21\n2026-11-29T14:04:00,warm\n", type: "text/csv", port: server.port)
            #expect(bad.status == 400)
            #expect(bad.text.contains("row 2"), "\(bad.text)")
            #expect(bad.text.contains("temperature"), "\(bad.text)")
            #expect(server.live!.feeds["sensor"]!.nextID == feedBefore)
            let json = try post(#"[{"time": "2026-11-29T14:03:00", "temperature": 21}, {"time": "2026-11-29T14:04:00", "humidity": 3}]"#,
                                type: "application/json", port: server.port)
            #expect(json.status == 400 && json.text.contains("row 2") && json.text.contains("humidity"), "\(json.text)")
            #expect(server.live!.feeds["sensor"]!.nextID == feedBefore)
            let good = try post(#"{"time": "2026-11-29T14:03:00", "temperature": 21}"#, type: "application/json", port: server.port)
            #expect(good.status == 200 && server.live!.feeds["sensor"]!.nextID == feedBefore + 1)
        }
    }

    @Test("event streams count against the per-address connection limit")
    func connectionLimit() async throws {
        try await withLiveSite(try liveSite(), configure: { $0.perClientConnectionLimit = 2 }) { server in
            let first = try openEvents(port: server.port), second = try openEvents(port: server.port)
            for stream in [first, second] { _ = try stream.readUntil { dechunked($0).contains(": live\n\n") } }
            let third = try openEvents(port: server.port)
            #expect(third.waitForClose(timeout: 5))
            #expect(!first.peerClosed && !second.peerClosed)
        }
    }

    @Test("posting is off unless the site enables it")
    func postingOff() async throws {
        try await withLiveSite(try liveSite(post: false)) { server in
            let refused = try post("2026-11-29T14:03:00,21\n", type: "text/csv", port: server.port)
            #expect(refused.status == 405 || refused.status == 403)
        }
    }

    @Test("the window bounds the rows and points kept, however many arrive")
    func windowBound() async throws {
        try await withLiveSite(try liveSite(rows: 3, window: 5)) { server in
            for batch in 0..<4 {
                let rows = (0..<10).map { "2026-11-30T\(String(format: "%02d", batch)):\(String(format: "%02d", $0)):00,2\($0)" }
                let added = try post(rows.joined(separator: "\n"), type: "text/csv", port: server.port)
                #expect(added.status == 200, "\(added.text)")
            }
            let feed = server.live!.feeds["sensor"]!
            #expect(feed.nextID == 43)
            #expect(feed.rowCount == 5)
            #expect(feed.points(from: 0).map(\.id) == Array(38...42))
        }
    }

    @Test("after new rows, a words event gives what S, D, X, [ and ] say as of them, on the page's rows")
    func wordsAsOfNow() async throws {
        try await withLiveSite(try liveSite(rows: 3, window: 4)) { server in
            let events = try openEvents(port: server.port)
            _ = try events.readUntil { dechunked($0).contains(": live\n\n") }
            #expect(try post("2026-11-29T14:03:00,28.5\n2026-11-29T14:04:00,24\n2026-11-29T14:05:00,25\n", type: "text/csv", port: server.port).status == 200)
            let text = dechunked(try events.readUntil { dechunked($0).contains("event: words\ndata: {") && dechunked($0).hasSuffix("\n\n") })
            let frames = text.components(separatedBy: "\n\n")
            let at = try #require(frames.firstIndex { $0.hasPrefix("event: words\n") })
            #expect(frames[at - 1].hasPrefix("id: 5\n"))   // after the points it describes
            let words = try #require(try JSONSerialization.jsonObject(with: Data(frames[at].components(separatedBy: "data: ")[1].utf8)) as? [String: Any])
            let series = try #require((words["series"] as? [[String: Any]])?.first)
            // The chart of the 3 rows kept and the 3 new (ids 0...5): the highest is the new 28.5,
            // row 3 of the page.
            #expect(series["maxRow"] as? Int == 3)
            #expect((series["brief"] as? String)?.contains("28.5") == true, "\(series["brief"] ?? "")")
            #expect((words["describe"] as? [String])?.first?.hasSuffix("to 29 November 2026, 14:05, 6 points.") == true, "\(words["describe"] ?? "")")
            #expect((words["describe"] as? [String])?.last?.contains("to 28.5 degrees Celsius") == true, "\(words["describe"] ?? "")")
            #expect((words["xAxis"] as? String)?.contains("14:05") == true, "\(words["xAxis"] ?? "")")
            // More rows past the window: rows are still the page's (ids), not the kept rows' places.
            #expect(try post("2026-11-29T14:06:00,29\n", type: "text/csv", port: server.port).status == 200)
            let later = try #require(server.live!.feeds["sensor"]!.words)
            #expect(later.contains("\"maxRow\":6"), "\(later)")
            // The drawing as of the latest rows: the SVG and the cursor's places for rows 2...6.
            let drawn = try rawRequest(port: server.port, "GET /charts/sensor/drawing HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(drawn.status == 200)
            let drawing = try #require(try JSONSerialization.jsonObject(with: Data(drawn.text.utf8)) as? [String: Any])
            #expect(drawing["first"] as? Int == 2)
            #expect((drawing["svg"] as? String)?.hasPrefix("<svg role=\"img\"") == true)
            let cy = try #require(((drawing["series"] as? [[String: Any]])?.first?["cy"]) as? [Double])
            #expect(cy.count == 5 && cy[4] < cy[0], "\(cy)")   // 29 is drawn above 22 (SVG y grows downwards)
            // A client resuming with rows to catch up gets the words after them.
            let resumed = dechunked(try openEvents(port: server.port, query: "?from=4").readUntil { dechunked($0).contains("event: words\n") })
            #expect(resumed.contains("id: 6\n"))
        }
    }

    @Test("rows appended to the data file reach open streams (the hub's file poll)")
    func appendedToFile() async throws {
        let site = try liveSite()
        try await withLiveSite(site) { server in
            let events = try openEvents(port: server.port)
            _ = try events.readUntil { dechunked($0).contains(": live\n\n") }
            let file = try FileHandle(forWritingTo: site.appendingPathComponent("data/sensor.csv"))
            try file.seekToEnd()
            try file.write(contentsOf: Data("2026-11-29T14:03:00,22.5\n".utf8))
            try file.close()
            // One pass of the poll `run(interval:)` makes every 250 ms, called here: a polling Task
            // beside this test's blocking read could wait for a thread of the 2-core pool.
            server.live!.pollFiles()
            let text = dechunked(try events.readUntil(timeout: 10) { dechunked($0).contains("id: 3\n") })
            #expect(text.contains("\"v\":[\"22.5\"]"))
        }
    }
}

@Suite("Live charts: the fixed pitch scale (issue 29)")
struct LivePitchTests {
    @Test("a value keeps its tone whatever else arrives; out of scale plays the boundary step with its side")
    func fixedScale() async throws {
        try await withLiveSite(try liveSite()) { server in
            let feed = server.live!.feeds["sensor"]!
            let low = try feed.append(["2026-11-29T14:03:00,5"])[0], high = try feed.append(["2026-11-29T14:04:00,99"])[0]
            let atMin = try feed.append(["2026-11-29T14:05:00,10"])[0], atMax = try feed.append(["2026-11-29T14:06:00,30"])[0]
            #expect(low.s == [-1] && high.s == [1] && atMin.s == [0] && atMax.s == [0])
            #expect(low.t == atMin.t && high.t == atMax.t && low.t != high.t)
            let again = try feed.append(["2026-11-29T14:07:00,20"])[0], later = try feed.append(["2026-11-29T14:08:00,20"])[0]
            #expect(again.t == later.t)
        }
    }
}

@Suite("Live charts: posted rows are kept in the data file (issue 29)")
struct LivePersistenceTests {
    @Test("rows appended after the page was made, before the server started, are new points (not lost)")
    func rowsSinceGeneration() async throws {
        let site = try liveSite()
        let set = try await SiteGenerator(siteDirectory: site, themeDirectory: nil, cacheDirectory: nil).generate()
        let file = try FileHandle(forWritingTo: site.appendingPathComponent("data/sensor.csv"))
        try file.seekToEnd()
        try file.write(contentsOf: Data("2026-11-29T14:03:00,22.5\n".utf8))
        try file.close()
        let server = try SiteServer(fileSet: set, configuration: testServerConfiguration { _ in })
        let feed = server.live!.feeds["sensor"]!
        #expect(feed.nextID == 3)
        guard case .points(let points) = feed.readFile() else {
            Issue.record("the row appended since generation was not read as new")
            return
        }
        #expect(points.map(\.id) == [3] && points[0].v == ["22.5"])
    }

    @Test("a POSTed row is appended to the CSV once: the file poll does not send it again")
    func postedRowsPersist() async throws {
        let site = try liveSite()
        try await withLiveSite(site) { server in
            #expect(try post("2026-11-29T14:03:00,23.5\n", type: "text/csv", port: server.port).status == 200)
            let text = try String(contentsOf: site.appendingPathComponent("data/sensor.csv"), encoding: .utf8)
            #expect(text.hasSuffix("\n2026-11-29T14:03:00,23.5\n"))
            guard case .none = server.live!.feeds["sensor"]!.readFile() else {
                Issue.record("the posted row was read back as new")
                return
            }
        }
    }

    @Test("a POSTed row goes into a JSON data file's array, before its bracket: the file reads back whole, the poll does not send it again")
    func postedRowsPersistInJSON() async throws {
        let site = try writeSite([
            "pitchline.json": #"{"live": {"post": true}}"#,
            "data/sensor.json": "[\n  {\"time\": \"2026-11-29T14:00:00\", \"temperature\": 20},\n  {\"time\": \"2026-11-29T14:01:00\", \"temperature\": 21}\n]\n\n",
            "charts/sensor.vl.json": """
                {"title": "Sensor", "data": {"url": "../data/sensor.json"}, "mark": "line",
                 "encoding": {"x": {"field": "time", "type": "temporal"},
                              "y": {"field": "temperature", "type": "quantitative", "scale": {"domain": [10, 30]}}},
                 "usermeta": {"pitchline": {"live": {"window": 100}}}}
                """,
        ], name: "live-json")
        try await withLiveSite(site) { server in
            let file = site.appendingPathComponent("data/sensor.json")
            for (k, value) in [23.5, 24].enumerated() {
                let row = #"{"time": "2026-11-29T14:0\#(k + 2):00", "temperature": \#(value)}"#
                #expect(try post(row, type: "application/json", port: server.port).status == 200)
                let rows = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]])
                #expect(rows.count == 3 + k && (rows.last?["temperature"] as? NSNumber)?.doubleValue == value, "\(rows)")
                guard case .none = server.live!.feeds["sensor"]!.readFile() else {
                    Issue.record("the posted row was read back as new")
                    return
                }
            }
        }
    }
}

@Suite("Live charts: thresholds (issue 29)")
struct LiveThresholdTests {
    @Test("a new row that crosses a rule names the mark it meets (the page chimes)")
    func ruleCrossed() async throws {
        let site = try writeSite([
            "data/sensor.csv": "time,temperature\n2026-11-29T14:00:00,20\n2026-11-29T14:01:00,21\n",
            "charts/sensor.vl.json": """
                {"title": "Sensor", "data": {"url": "../data/sensor.csv"},
                 "usermeta": {"pitchline": {"unit": "°C", "live": {"domain": [10, 30]}}},
                 "layer": [
                   {"mark": "line", "encoding": {"x": {"field": "time", "type": "temporal"}, "y": {"field": "temperature", "type": "quantitative"}}},
                   {"mark": "rule", "encoding": {"y": {"datum": 25}}}]}
                """,
        ], name: "live-rule")
        try await withLiveSite(site) { server in
            let feed = server.live!.feeds["sensor"]!
            let below = try feed.append(["2026-11-29T14:02:00,24"])[0]
            let crossing = try feed.append(["2026-11-29T14:03:00,26"])[0]
            let above = try feed.append(["2026-11-29T14:04:00,27"])[0]
            #expect(below.m == [[]] && crossing.m == [[0]] && above.m == [[]])
        }
    }
}
