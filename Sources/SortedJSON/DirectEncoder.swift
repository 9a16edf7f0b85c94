import Foundation

/// The `Encoder` a value writes itself through: its container is the `depth`-th open one of `sink`.
/// `codingPath` is not kept (nothing here reads it; errors carry an empty path).
struct DirectEncoder: Encoder {
    let sink: JSONSink
    let depth: Int
    let owner: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        sink.open(object: true, depth: depth, owner: owner)
        return KeyedEncodingContainer(KeyedWriter<Key>(sink: sink, depth: depth, owner: owner))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        sink.open(object: false, depth: depth, owner: owner)
        return UnkeyedWriter(sink: sink, depth: depth, owner: owner)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { ValueWriter(sink: sink, depth: depth) }
}

/// An object's members, written as they come; `JSONSink` sorts them when the object closes.
struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let sink: JSONSink
    let depth: Int
    let owner: Int
    var codingPath: [any CodingKey] { [] }

    private func begin(_ key: Key) { sink.beginMember(depth: depth, owner: owner, key: key.stringValue) }

    mutating func encodeNil(forKey key: Key) throws { begin(key); sink.writeASCII("null") }
    mutating func encode(_ value: Bool, forKey key: Key) throws { begin(key); sink.writeBool(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { begin(key); sink.writeString(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { begin(key); try sink.writeDouble(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { begin(key); try sink.writeFloat(value) }
    mutating func encode(_ value: Int, forKey key: Key) throws { begin(key); sink.writeInt(value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { begin(key); sink.writeInt(value) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { begin(key); sink.writeInt(value) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { begin(key); sink.writeInt(value) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { begin(key); sink.writeInt(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { begin(key); sink.writeInt(value) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { begin(key); sink.writeInt(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { begin(key); sink.writeInt(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { begin(key); sink.writeInt(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { begin(key); sink.writeInt(value) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        begin(key)
        try sink.writeValue(value, depth: depth + 1)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        begin(key)
        return DirectEncoder(sink: sink, depth: depth + 1, owner: sink.newOwner()).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        begin(key)
        return DirectEncoder(sink: sink, depth: depth + 1, owner: sink.newOwner()).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { fatalError("SortedJSON: superEncoder is not supported") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { fatalError("SortedJSON: superEncoder is not supported") }
}

/// The scalar `encode` overloads of an array's and a single value's container (each writes its
/// value where `begin()` leaves the sink).
protocol ScalarWriting {
    var sink: JSONSink { get }
    func begin()
}

extension ScalarWriting {
    mutating func encodeNil() throws { begin(); sink.writeASCII("null") }
    mutating func encode(_ value: Bool) throws { begin(); sink.writeBool(value) }
    mutating func encode(_ value: String) throws { begin(); sink.writeString(value) }
    mutating func encode(_ value: Double) throws { begin(); try sink.writeDouble(value) }
    mutating func encode(_ value: Float) throws { begin(); try sink.writeFloat(value) }
    mutating func encode(_ value: Int) throws { begin(); sink.writeInt(value) }
    mutating func encode(_ value: Int8) throws { begin(); sink.writeInt(value) }
    mutating func encode(_ value: Int16) throws { begin(); sink.writeInt(value) }
    mutating func encode(_ value: Int32) throws { begin(); sink.writeInt(value) }
    mutating func encode(_ value: Int64) throws { begin(); sink.writeInt(value) }
    mutating func encode(_ value: UInt) throws { begin(); sink.writeInt(value) }
    mutating func encode(_ value: UInt8) throws { begin(); sink.writeInt(value) }
    mutating func encode(_ value: UInt16) throws { begin(); sink.writeInt(value) }
    mutating func encode(_ value: UInt32) throws { begin(); sink.writeInt(value) }
    mutating func encode(_ value: UInt64) throws { begin(); sink.writeInt(value) }
}

/// An array's elements, written as they come.
struct UnkeyedWriter: UnkeyedEncodingContainer, ScalarWriting {
    let sink: JSONSink
    let depth: Int
    let owner: Int
    var codingPath: [any CodingKey] { [] }
    var count: Int { sink.count(depth: depth) }

    func begin() { sink.beginMember(depth: depth, owner: owner, key: nil) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        begin()
        try sink.writeValue(value, depth: depth + 1)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        begin()
        return DirectEncoder(sink: sink, depth: depth + 1, owner: sink.newOwner()).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        begin()
        return DirectEncoder(sink: sink, depth: depth + 1, owner: sink.newOwner()).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { fatalError("SortedJSON: superEncoder is not supported") }
}

/// One value in the place of its encoder.
struct ValueWriter: SingleValueEncodingContainer, ScalarWriting {
    let sink: JSONSink
    let depth: Int
    var codingPath: [any CodingKey] { [] }

    func begin() { sink.close(downTo: depth) }

    mutating func encode<T: Encodable>(_ value: T) throws { try sink.writeValue(value, depth: depth) }
}
