import ChartModel
import Foundation

/// Reads JSON values with their paths, turning every unexpected shape into a located problem.
package struct SpecReader {
    package let file: String

    package init(file: String) { self.file = file }

    package func problem(_ value: JSONValue, _ path: String, _ message: String) -> ChartProblem {
        ChartProblem(file: file, line: value.line, jsonPath: path, message: message)
    }

    package func object(_ value: JSONValue, _ path: String, allowed: [String], ignored: Set<String>) throws(ChartProblem) -> JSONValue {
        guard case .object(let members) = value.value else {
            throw problem(value, path, "expected an object, found \(value.kindName)")
        }
        for (key, member) in members where !allowed.contains(key) && !ignored.contains(key) {
            throw problem(member, "\(path).\(key)", "\"\(key)\" is not supported here; supported: \(allowed.joined(separator: ", "))")
        }
        return value
    }

    /// An object; with `ignoredAny` every other key is accepted (drawing properties), else refused.
    package func object(_ value: JSONValue, _ path: String, allowed: [String], ignoredAny: Bool) throws(ChartProblem) -> JSONValue {
        guard case .object(let members) = value.value else {
            throw problem(value, path, "expected an object, found \(value.kindName)")
        }
        if !ignoredAny {
            for (key, member) in members where !allowed.contains(key) {
                throw problem(member, "\(path).\(key)", "\"\(key)\" is not supported here; supported: \(allowed.joined(separator: ", "))")
            }
        }
        return value
    }

    package func number(_ value: JSONValue?, _ path: String) throws(ChartProblem) -> Double? {
        guard let value else { return nil }
        guard let n = value.number else { throw problem(value, path, "expected a number, found \(value.kindName)") }
        return n
    }

    package func numbers(_ value: JSONValue, _ path: String) throws(ChartProblem) -> [Double] {
        try array(value, path, of: ("numbers", "a number"), \.number)
    }

    /// An array whose every item `read` accepts; `kind` names them for the error ("numbers", "a number").
    package func array<T>(_ value: JSONValue, _ path: String, of kind: (items: String, item: String), _ read: (JSONValue) -> T?) throws(ChartProblem) -> [T] {
        guard case .array(let items) = value.value else { throw problem(value, path, "expected an array of \(kind.items), found \(value.kindName)") }
        var out: [T] = []
        for (k, item) in items.enumerated() {
            guard let v = read(item) else { throw problem(item, "\(path)[\(k)]", "expected \(kind.item), found \(item.kindName)") }
            out.append(v)
        }
        return out
    }

    package func string(_ value: JSONValue?, _ path: String, required: Bool = false) throws(ChartProblem) -> String? {
        guard let value else {
            if required { throw ChartProblem(file: file, jsonPath: path, message: "missing (expected a string)") }
            return nil
        }
        guard let s = value.string else { throw problem(value, path, "expected a string, found \(value.kindName)") }
        return s
    }

    /// A string, or an array of lines (Vega-Lite's multi-line text) joined with spaces.
    package func lines(_ value: JSONValue?, _ path: String, required: Bool = false) throws(ChartProblem) -> String? {
        if let value, case .array = value.value { return try strings(value, path).joined(separator: " ") }
        return try string(value, path, required: required)
    }

    package func strings(_ value: JSONValue, _ path: String) throws(ChartProblem) -> [String] {
        try array(value, path, of: ("strings", "a string"), \.string)
    }

    func stringMap(_ value: JSONValue, _ path: String) throws(ChartProblem) -> [String: String] {
        guard case .object(let members) = value.value else { throw problem(value, path, "expected an object of names, found \(value.kindName)") }
        var out: [String: String] = [:]
        for (key, member) in members {
            guard let s = member.string else { throw problem(member, "\(path).\(key)", "expected a string, found \(member.kindName)") }
            out[key] = s
        }
        return out
    }
}

extension JSONValue.Value {
    package var isNull: Bool { if case .null = self { true } else { false } }
}
