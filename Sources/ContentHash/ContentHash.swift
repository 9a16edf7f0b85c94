internal import CCrypto
import Foundation

/// The one content hash: SHA-256, for cache keys, hashed file names, ETags, cache-entry checks
/// and the single file's CSP hashes.
///
/// Computed by OpenSSL's libcrypto (`EVP_Digest`), through the thin `CCrypto` module that only
/// this module imports. Why libcrypto: it is well kept, already on every Debian machine
/// (`libssl-dev` for the headers), uses the CPU's SHA extensions (about 2 GB/s on this machine,
/// `openssl speed -evp sha256`; the hand-written Swift SHA-256 it replaces was slow enough in
/// debug builds that an FNV-1a ETag and a custom cache checksum had grown beside it), and costs
/// no build time; swift-crypto would compile its vendored BoringSSL on every clean CI build
/// (1–1.5 minutes) for this one function.
public enum ContentHash {
    /// The SHA-256 digest of `data`, as 32 bytes.
    public static func sha256(_ data: Data) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        let ok = data.withUnsafeBytes { bytes in
            digest.withUnsafeMutableBufferPointer { out in
                EVP_Digest(bytes.baseAddress, bytes.count, out.baseAddress, nil, EVP_sha256(), nil)
            }
        }
        // Fails only if libcrypto cannot allocate a context: nothing sensible to go on with.
        precondition(ok == 1, "libcrypto SHA-256 failed")
        return digest
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
