extension QuantityTypeIdentifier {
    /// The unit Pace stores values of this type in (``QuantityTypeDescriptor/canonicalUnitString``), parsed.
    ///
    /// Every catalogue entry's unit string parses; a test guards that.
    public var canonicalUnit: HealthUnit {
        // The catalogue is static data checked by `CatalogueUnitTests`; a failure here is a programming error.
        do { return try HealthUnit(parsing: descriptor.canonicalUnitString) }
        catch { preconditionFailure("catalogue unit for \(rawValue) does not parse: \(error)") }
    }
}
