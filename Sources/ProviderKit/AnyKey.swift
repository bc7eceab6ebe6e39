/// A coding key for any string: for keyed containers whose keys are known only at run time.
package struct AnyKey: CodingKey {
    package let stringValue: String
    package var intValue: Int? { nil }

    package init(_ string: String) { stringValue = string }
    package init?(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { return nil }
}
