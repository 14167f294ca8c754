// Lap totals as a file stated them, kept on lap events by the importer and read by the analysis.
extension MetadataKey {
    /// A lap's distance as the file stated it (length quantity), on a lap event.
    public static let lapDistance: MetadataKey = "org.pace.lapDistance"
    /// A lap's timer (moving) time as the file stated it (time quantity), on a lap event.
    public static let lapTimerTime: MetadataKey = "org.pace.lapTimerTime"
    /// A lap's energy as the file stated it (energy quantity), on a lap event.
    public static let lapEnergy: MetadataKey = "org.pace.lapEnergy"
}
