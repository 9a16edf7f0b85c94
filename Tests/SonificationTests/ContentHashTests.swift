import ContentHash
import Foundation
import Testing

/// FIPS 180-4 / NIST CAVS example vectors.
@Suite struct ContentHashTests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ])
    func knownVectors(message: String, digest: String) {
        #expect(ContentHash.sha256Hex(Data(message.utf8)) == digest)
    }

    @Test func millionAs() {
        #expect(
            ContentHash.sha256Hex(Data(repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func sliceOfLargerDataHashesItsOwnBytes() {
        let data = Data((0..<300).map { UInt8($0 % 251) })
        for split in [0, 1, 55, 56, 63, 64, 65, 128, 299, 300] {
            #expect(ContentHash.sha256Hex(data.dropFirst(split)) == ContentHash.sha256Hex(Data(Array(data.dropFirst(split)))), "split \(split)")
        }
    }

    @Test func shortDigestIsTenHexCharacters() {
        #expect(ContentHash.short(Data("abc".utf8)) == "ba7816bf8f")
    }
}
