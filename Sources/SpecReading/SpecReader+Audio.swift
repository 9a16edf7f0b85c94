import ChartModel

extension SpecReader {
    /// Reads `{"minFrequency": …, …}` over `base`, key by key, with the bounds of the one table
    /// (`AudioOptions.Setting`) that the spec reader and Sonification also use.
    package func audioOptions(_ value: JSONValue, _ path: String, base: AudioOptions) throws(ChartProblem) -> AudioOptions {
        let o = try object(value, path, allowed: AudioOptions.Setting.allCases.map(\.rawValue), ignored: [])
        var audio = base
        for setting in AudioOptions.Setting.allCases {
            guard let v = o[setting.rawValue] else { continue }
            let key = "\(path).\(setting.rawValue)"
            guard let n = v.number else { throw problem(v, key, "expected a number, found \(v.kindName)") }
            if let message = setting.problem(with: n) { throw problem(v, key, message) }
            audio[setting] = n
        }
        if let (_, message) = audio.problem { throw problem(value, path, message) }
        return audio
    }
}
