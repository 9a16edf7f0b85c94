import ChartModel

extension SpecReader {
    /// `usermeta.pitchline.live`: `true`, or `{"window": rows, "domain": [low, high]}`.
    /// The window's bound is `InputLimit.liveWindow`.
    package func liveOptions(_ value: JSONValue, _ path: String) throws(ChartProblem) -> LiveOptions {
        if case .bool(let on) = value.value {
            guard on else { throw problem(value, path, "expected true or an object with \"window\" and \"domain\"") }
            return LiveOptions()
        }
        let o = try object(value, path, allowed: ["window", "domain"], ignored: [])
        var live = LiveOptions()
        if let w = o["window"] {
            guard let n = w.number, n == n.rounded(), n >= 1, n <= Double(InputLimit.liveWindow.maximum) else {
                throw problem(w, "\(path).window", "expected a whole number of rows from 1 to \(TextFormat.count(InputLimit.liveWindow.maximum))")
            }
            live.window = Int(n)
        }
        if let d = o["domain"] {
            let domain = try numbers(d, "\(path).domain")
            guard domain.count == 2, domain[0].isFinite, domain[1].isFinite, domain[0] != domain[1] else {
                throw problem(d, "\(path).domain", "expected two different numbers, the lowest and highest value the pitch scale spans")
            }
            live.domain = domain
        }
        return live
    }
}
