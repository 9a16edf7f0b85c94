import ContentHash
import DurableWrite
import Foundation
import OggVorbis

/// The on-disk cache of encoded streams.
///
/// One file per stream, `audio-<key>.bin`, named by the hash of what determines its bytes
/// (engine version, rate, quality, tone list or rendition plan). The file starts with a line
/// `PLA1 <sha256 of payload>`; a file whose payload does not match its stored hash (a torn
/// write, disk damage, tampering) is never used: it is re-encoded and replaced. Writes go to a
/// temporary file and are renamed into place (`DurableWrite`), so readers never see half a file.
extension Sonifier {
    static let cacheMagic = "PLA1 "

    func cachedEncode(key: String, _ fill: (VorbisEncoder) throws -> Void) throws -> Data {
        guard let directory = cacheDirectory else { return try encode(fill) }
        let file = directory.appendingPathComponent("audio-\(key).bin")
        var repairing = false
        if let stored = try? Data(contentsOf: file) {
            if let payload = Self.verifiedPayload(stored) {
                counters.hit()
                return payload
            }
            repairing = true
        }
        let data = try encode(fill)
        if repairing { counters.repaired() }
        store(data, at: file, in: directory)
        return data
    }

    /// The payload if the header's hash matches it, else nil.
    static func verifiedPayload(_ stored: Data) -> Data? {
        let headerLength = cacheMagic.utf8.count + 64 + 1
        guard stored.count > headerLength,
            let header = String(data: stored.prefix(headerLength), encoding: .utf8),
            header.hasPrefix(cacheMagic), header.hasSuffix("\n")
        else { return nil }
        let expected = header.dropFirst(cacheMagic.utf8.count).dropLast()
        let payload = stored.dropFirst(headerLength)
        guard ContentHash.sha256Hex(Data(payload)) == expected else { return nil }
        return Data(payload)
    }

    /// Best effort: a cache that cannot be written only costs time on the next run.
    private func store(_ data: Data, at file: URL, in directory: URL) {
        var stored = Data((Self.cacheMagic + ContentHash.sha256Hex(data) + "\n").utf8)
        stored.append(data)
        try? DurableWrite.replace(file, with: stored)
    }
}
