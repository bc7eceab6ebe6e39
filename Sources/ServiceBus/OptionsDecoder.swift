import Foundation
import Yams

/// Decodes a provider's options from its composed YAML mapping, as Yams' `YAMLDecoder` does,
/// without asking the runtime whether each type is one of Yams' scalars.
///
/// `YAMLDecoder` casts every type it decodes to `ScalarConstructible` and every value to
/// `YamlAnchorCoding`: two conformance look-ups per type, each a scan of the binary's whole
/// conformance table (9,300 records), and a local search's options decode is on the way to its
/// first result. Here a scalar type is known by its identity, and its value made by the same
/// `construct(from:)` Yams calls, so the values and the errors (kinds, coding paths, expected
/// types) are Yams': `OptionsDecoderTests` hold the two to each other. A type of a provider's
/// own that made itself `ScalarConstructible` is decoded through its `Decodable` conformance.
/// No anchors: the configuration refuses aliases before it is composed.
package struct OptionsDecoder: Decoder, SingleValueDecodingContainer {
    let node: Node
    package let codingPath: [any CodingKey]
    package var userInfo: [CodingUserInfoKey: Any] { [:] }

    package init(node: Node, codingPath: [any CodingKey] = []) {
        self.node = node
        self.codingPath = codingPath
    }

    /// Decodes `type` from `node`.
    package static func decode<T: Decodable>(_ type: T.Type, from node: Node) throws -> T {
        try OptionsDecoder(node: node).decode(type)
    }

    package func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let mapping = node.mapping else {
            throw Self.typeMismatch(at: codingPath, expected: Node.Mapping.self, found: node)
        }
        return KeyedDecodingContainer(Keyed<Key>(decoder: self, mapping: mapping))
    }

    package func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let sequence = node.sequence else {
            throw Self.typeMismatch(at: codingPath, expected: Node.Sequence.self, found: node)
        }
        return Unkeyed(decoder: self, sequence: sequence)
    }

    package func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func child(_ node: Node, at key: any CodingKey) -> OptionsDecoder {
        OptionsDecoder(node: node, codingPath: codingPath + [key])
    }

    // MARK: Single values

    package func decodeNil() -> Bool { node.scalar.flatMap(NSNull.construct) != nil }

    /// Decodes `type`: made from the scalar by Yams' `construct(from:)` when it is one of the
    /// types Yams reads so, else by its own `init(from:)`. One generic method answers every
    /// `decode` of the containers (Swift lets it stand for the `Bool`, `Int`… ones), and it is
    /// never specialized: a copy for each type was 60 KB more of the binary, for no measurable
    /// time.
    @_semantics("optimize.sil.specialize.generic.never")
    package func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard let construct = Self.scalarConstructor(of: type) else { return try T(from: self) }
        guard case .scalar(let scalar) = node else {
            throw Self.typeMismatch(at: codingPath, expected: Node.Scalar.self, found: node)
        }
        guard let value = construct(scalar) as? T else {
            throw Self.typeMismatch(at: codingPath, expected: T.self, found: scalar)
        }
        return value
    }

    /// How Yams makes `type` from a scalar, when it is one of the types it reads so: known by
    /// identity, as the generic paths (a list's items, an optional) reach here with any type.
    @_semantics("optimize.sil.specialize.generic.never")
    private static func scalarConstructor<T>(of type: T.Type) -> ((Node.Scalar) -> Any?)? {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(String.self): { String.construct(from: $0) }
        case ObjectIdentifier(Bool.self): { Bool.construct(from: $0) }
        case ObjectIdentifier(Int.self): { Int.construct(from: $0) }
        case ObjectIdentifier(Double.self): { Double.construct(from: $0) }
        case ObjectIdentifier(URL.self): { URL.construct(from: $0) }
        case ObjectIdentifier(Float.self): { Float.construct(from: $0) }
        case ObjectIdentifier(Int8.self): { Int8.construct(from: $0) }
        case ObjectIdentifier(Int16.self): { Int16.construct(from: $0) }
        case ObjectIdentifier(Int32.self): { Int32.construct(from: $0) }
        case ObjectIdentifier(Int64.self): { Int64.construct(from: $0) }
        case ObjectIdentifier(UInt.self): { UInt.construct(from: $0) }
        case ObjectIdentifier(UInt8.self): { UInt8.construct(from: $0) }
        case ObjectIdentifier(UInt16.self): { UInt16.construct(from: $0) }
        case ObjectIdentifier(UInt32.self): { UInt32.construct(from: $0) }
        case ObjectIdentifier(UInt64.self): { UInt64.construct(from: $0) }
        case ObjectIdentifier(Decimal.self): { Decimal.construct(from: $0) }
        case ObjectIdentifier(UUID.self): { UUID.construct(from: $0) }
        case ObjectIdentifier(Date.self): { Date.construct(from: $0) }
        case ObjectIdentifier(Data.self): { Data.construct(from: $0) }
        default: nil
        }
    }

    static func typeMismatch(at path: [any CodingKey], expected: Any.Type, found: Any) -> DecodingError {
        let reality: Any.Type =
            switch found as? Node {
            case .mapping?: Node.Mapping.self
            case .sequence?: Node.Sequence.self
            case .scalar?: Node.Scalar.self
            default: type(of: found)
            }
        return .typeMismatch(
            expected,
            .init(codingPath: path, debugDescription: "Expected to decode \(expected) but found \(reality) instead."))
    }

    /// A coding key for a list position or `super`, named as Yams names them.
    struct IndexKey: CodingKey {
        let stringValue: String
        let intValue: Int?
        init(index: Int) {
            stringValue = "Index \(index)"
            intValue = index
        }
        init?(stringValue: String) {
            self.stringValue = stringValue
            intValue = nil
        }
        init?(intValue: Int) { self.init(index: intValue) }
        static let `super` = IndexKey(stringValue: "super")!
    }
}

extension OptionsDecoder {
    /// A mapping's values by key.
    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: OptionsDecoder
        let mapping: Node.Mapping

        var codingPath: [any CodingKey] { decoder.codingPath }
        var allKeys: [Key] { mapping.keys.compactMap { $0.string.flatMap(Key.init(stringValue:)) } }
        func contains(_ key: Key) -> Bool { mapping[key.stringValue] != nil }

        func decodeNil(forKey key: Key) throws -> Bool { try child(key).decodeNil() }
        @_semantics("optimize.sil.specialize.generic.never")
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decode(type) }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        { try child(key).container(keyedBy: type) }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try child(key).unkeyedContainer()
        }
        func superDecoder() throws -> any Decoder { try child(IndexKey.super) }
        func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }

        private func child(_ key: any CodingKey) throws -> OptionsDecoder {
            guard let node = mapping[key.stringValue] else {
                throw DecodingError.keyNotFound(
                    key,
                    .init(
                        codingPath: codingPath,
                        debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
            }
            return decoder.child(node, at: key)
        }
    }

    /// A list's items in order.
    struct Unkeyed: UnkeyedDecodingContainer {
        let decoder: OptionsDecoder
        let sequence: Node.Sequence
        var currentIndex = 0

        init(decoder: OptionsDecoder, sequence: Node.Sequence) {
            self.decoder = decoder
            self.sequence = sequence
        }

        var codingPath: [any CodingKey] { decoder.codingPath }
        var count: Int? { sequence.count }
        var isAtEnd: Bool { currentIndex >= sequence.count }

        mutating func decodeNil() throws -> Bool { try next(Bool.self, missing: Any?.self) { $0.decodeNil() } }
        @_semantics("optimize.sil.specialize.generic.never")
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(T.self) { try $0.decode(type) } }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
            -> KeyedDecodingContainer<NestedKey>
        { try next(KeyedDecodingContainer<NestedKey>.self) { try $0.container(keyedBy: type) } }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try next((any UnkeyedDecodingContainer).self) { try $0.unkeyedContainer() }
        }
        mutating func superDecoder() throws -> any Decoder { try next((any Decoder).self) { $0 } }

        /// What `body` makes of the current item, moving past it when that succeeds.
        /// At the end, the error names `missing` (`type` unless given), as Yams' does.
        @_semantics("optimize.sil.specialize.generic.never")
        private mutating func next<T>(
            _ type: T.Type, missing: Any.Type? = nil, _ body: (OptionsDecoder) throws -> T
        ) throws -> T {
            let key = IndexKey(index: currentIndex)
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(
                    missing ?? type,
                    .init(codingPath: codingPath + [key], debugDescription: "Unkeyed container is at end."))
            }
            let value = try body(decoder.child(sequence[currentIndex], at: key))
            currentIndex += 1
            return value
        }
    }
}
