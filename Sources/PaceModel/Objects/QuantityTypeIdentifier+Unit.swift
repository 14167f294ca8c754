extension QuantityTypeIdentifier {
    /// The unit Pace stores values of this type in (``QuantityTypeDescriptor/canonicalUnitString``), parsed.
    ///
    /// Every catalogue entry's unit string parses; a test guards that. The units are parsed once,
    /// not on every sample validated or saved (an import checks millions of samples).
    public var canonicalUnit: HealthUnit {
        guard let unit = Self.canonicalUnits[self] else {
            // The catalogue is static data checked by the catalogue tests; a miss is a programming error.
            preconditionFailure("catalogue unit for \(rawValue) does not parse")
        }
        return unit
    }

    private static let canonicalUnits: [QuantityTypeIdentifier: HealthUnit] = Dictionary(
        uniqueKeysWithValues: allCases.compactMap { type in
            (try? HealthUnit(parsing: type.descriptor.canonicalUnitString)).map { (type, $0) }
        })
}
