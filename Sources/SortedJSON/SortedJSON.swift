import Foundation

/// JSON bytes exactly as Foundation's `JSONEncoder` writes them with `outputFormatting =
/// [.sortedKeys, .withoutEscapingSlashes]` and its default strategies (non-finite numbers throw,
/// `Date` as it encodes itself, `Data` as base64, `URL` as its absolute string), written straight
/// into one byte buffer.
///
/// Why our own (DEVELOPERS.md: a library's own code only with a measured reason): JSONEncoder
/// first builds a tree of every value (a dictionary per object, a `String` per number), then
/// sorts and writes it. In the export of a 1,000,000-point chart (`bench export`, release,
/// `perf record`) JSON encoding was 11 % of the CPU (about 0.43 s of 3.9 s: the chart model
/// `charts/<id>.json` and the page's data script); with this writer, which appends each value as
/// it comes and sorts an object's members when it closes (reordering bytes already written), it
/// is 5.8 % (0.21 s of 3.6 s; 29 November, load 11; docs/performance.md).
/// `SortedJSONTests` checks its bytes against JSONEncoder's on hostile strings and random documents.
public enum SortedJSON {
    /// `value` as JSON bytes (JSONEncoder's, sorted keys, slashes as they are).
    public static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let sink = JSONSink()
        try sink.writeValue(value, depth: 0)
        if sink.out.isEmpty {
            throw EncodingError.invalidValue(
                value, .init(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        sink.close(downTo: 0)
        if let failure = sink.failure { throw failure }
        return sink.out
    }

    /// `encode(value)` as `Data`.
    public static func data<T: Encodable>(_ value: T) throws -> Data { Data(try encode(value)) }
}

/// The buffer and the containers still open in it. Containers close lazily: a write at depth d
/// closes every deeper one first (Codable writes depth-first, a child's values before its
/// parent's next member), and the end closes the rest.
final class JSONSink {
    var out: [UInt8] = []
    /// The first error a container could not throw when it happened (nesting too deep).
    var failure: EncodingError?

    struct Frame {
        let isObject: Bool
        /// The encoder that opened it: the same encoder asking again gets the same container
        /// (JSONEncoder merges keyed containers asked for twice at one place).
        let owner: Int
        var count = 0
        /// Index of its first member in `members`.
        let firstMember: Int
    }
    private(set) var frames: [Frame] = []
    /// The open objects' members: key and the offset where `"key":` begins.
    private var members: [(key: String, start: Int)] = []
    private var scratch: [UInt8] = []
    private var owners = 0

    /// JSONEncoder's nesting limit (its writer throws at this depth).
    static let maximumDepth = 512

    init() { out.reserveCapacity(1 << 16) }

    func newOwner() -> Int {
        owners += 1
        return owners
    }

    /// Closes containers until `depth` are open.
    @inline(__always)
    func close(downTo depth: Int) {
        while frames.count > depth { closeTop() }
    }

    /// Opens a container at `depth` for `owner`, or finds the one it opened there before.
    func open(object: Bool, depth: Int, owner: Int) {
        close(downTo: depth + 1)
        if frames.count == depth + 1, frames[depth].owner == owner, frames[depth].isObject == object { return }
        precondition(frames.count == depth, "SortedJSON: containers used out of order")
        if depth + 1 >= Self.maximumDepth, failure == nil {
            failure = EncodingError.invalidValue(
                depth, .init(codingPath: [], debugDescription: "Too many nested arrays or dictionaries"))
        }
        frames.append(Frame(isObject: object, owner: owner, firstMember: members.count))
        out.append(object ? 0x7B : 0x5B)  // { [
    }

    /// Starts the next member of the container at `depth` (its key first, in an object).
    @inline(__always)
    func beginMember(depth: Int, owner: Int, key: String?) {
        close(downTo: depth + 1)
        precondition(frames.count == depth + 1 && frames[depth].owner == owner, "SortedJSON: containers used out of order")
        if frames[depth].count > 0 { out.append(0x2C) }  // ,
        frames[depth].count += 1
        if let key {
            members.append((key, out.count))
            writeString(key)
            out.append(0x3A)  // :
        }
    }

    /// The number of members written to the open container at `depth`.
    func count(depth: Int) -> Int { frames.count > depth ? frames[depth].count : 0 }

    private func closeTop() {
        let frame = frames.removeLast()
        if frame.isObject {
            if frame.count > 1 { sortMembers(from: frame.firstMember) }
            members.removeSubrange(frame.firstMember...)
            out.append(0x7D)  // }
        } else {
            out.append(0x5D)  // ]
        }
    }

    /// Rewrites an object's members (already written, in encoding order) in the order of their
    /// keys' UTF-8 bytes, as JSONEncoder sorts on Linux; of equal keys the last written stays.
    private func sortMembers(from first: Int) {
        let end = members.count
        var sorted = true
        for i in (first + 1)..<end where !precedes(members[i - 1].key, members[i].key) {
            sorted = false
            break
        }
        if sorted { return }
        let base = members[first].start
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: out[base...])
        out.removeSubrange(base...)
        let order = (first..<end).sorted { a, b in
            let ka = members[a].key, kb = members[b].key
            return precedes(ka, kb) || (ka == kb && a < b)
        }
        var wrote = false
        for (i, m) in order.enumerated() {
            if i + 1 < order.count && members[order[i + 1]].key == members[m].key { continue }  // a later one wins
            if wrote { out.append(0x2C) }
            wrote = true
            let from = members[m].start - base
            let to = m + 1 < end ? members[m + 1].start - 1 - base : scratch.count
            out.append(contentsOf: scratch[from..<to])
        }
    }

    @inline(__always)
    private func precedes(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }
}
