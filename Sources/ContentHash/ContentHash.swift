import Foundation

/// Content digests for cache keys, hashed file names and ETags.
///
/// SHA-256 is implemented here in pure Swift (FIPS 180-4) instead of taking swift-crypto:
/// swift-crypto builds its vendored BoringSSL from source, which costs minutes per clean CI
/// run for this one function. Throughput here is ample for our inputs (audio sprites and
/// pages of a few hundred KB).
public enum ContentHash {
    /// The SHA-256 digest of `data`, as 32 bytes.
    public static func sha256(_ data: Data) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(data)
        return hasher.finalize()
    }

    /// The SHA-256 digest of `data` as 64 lowercase hex characters.
    public static func sha256Hex(_ data: Data) -> String {
        hex(sha256(data))
    }

    /// The first 10 hex characters of the SHA-256 digest: short enough for file names and
    /// ETags, long enough (40 bits) that accidental collisions within a site do not happen.
    public static func short(_ data: Data) -> String {
        String(sha256Hex(data).prefix(10))
    }

    /// Lowercase hex of `bytes`.
    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for b in bytes {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
