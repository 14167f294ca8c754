#!/usr/bin/env python3
"""Generate the large, deterministic inputs of the file-reading benchmark (docs/BENCHMARKS.md).

Python 3, standard library only; the same arguments always give the same bytes (seed 42).
Writes into FOLDER (keep it outside the repository, e.g. /tmp/pace-bench-inputs):

  run-<N>.gpx      GPX 1.1, one <trk>/<trkseg>, N <trkpt> of a 1 Hz run: lat/lon with 7 decimals,
                   <ele>, <time> in UTC (…Z), Garmin TrackPointExtension v1 <gpxtpx:hr> and <gpxtpx:cad>.
  run-<N>.fit      FIT activity: 14-byte header with CRC, file_id, event (timer start), one record
                   definition (timestamp, position_lat/long in semicircles, altitude scale 5 offset 500,
                   distance scale 100, speed scale 1000, heart_rate, cadence), N records, event (timer
                   stop), lap, session, activity, and the file CRC (FIT CRC-16).
  export-<N>.xml   Apple Health export.xml with Apple's internal DTD, <ExportDate>, <Me> and N <Record>:
                   heart rate, step count, walking/running distance, active and basal energy, sleep
                   analysis, with source, device, dates like "2024-05-01 06:00:00 +0200" and some
                   <MetadataEntry> children.
  run-<S>gb.gpx    Only with --gpx-size-gb S: a GPX like run-<N>.gpx of about S GiB (for constant memory).

Sizes are chosen with --gpx-points, --fit-points (repeatable), --health-records and --only, so tests and
CI can make small files:

  Scripts/generate-large-inputs.py /tmp/pace-bench-inputs                      # the benchmark set
  Scripts/generate-large-inputs.py /tmp/small --gpx-points 1000 --fit-points 1000 --health-records 1000
  Scripts/generate-large-inputs.py /tmp/pace-bench-inputs --only gpx-size --gpx-size-gb 2

Existing files with the expected name are kept (use --force to rewrite them): the output is deterministic.
"""
import argparse
import math
import os
import random
import struct
import sys
import time

SEED = 42
START_UNIX = 1_714_536_000  # 2024-05-01T04:00:00Z (06:00 in the +0200 zone used by the Health export)
FIT_EPOCH = 631_065_600     # 1989-12-31T00:00:00Z
HOME_LAT, HOME_LON = 48.8530000, 2.3499000


# --- A plausible 1 Hz run ------------------------------------------------------------------------

class Run:
    """A runner looping around a home point: speed 2.4–3.9 m/s with slow changes, a heading that
    wanders and is pulled home beyond 3 km, gentle hills, heart rate following effort, cadence ~170 spm
    (FIT and Garmin GPX store cadence per foot: ~85 rpm)."""

    def __init__(self, seed):
        self.random = random.Random(seed)
        self.lat, self.lon = HOME_LAT, HOME_LON
        self.heading = 0.7
        self.speed = 3.1
        self.distance = 0.0
        self.hr = 120.0
        self.meters_per_degree_lat = 111_132.0
        self.meters_per_degree_lon = 111_320.0 * math.cos(math.radians(HOME_LAT))

    def step(self, index):
        """Advances one second; returns (lat, lon, ele, distance m, speed m/s, hr bpm, cadence rpm)."""
        r = self.random
        self.speed += (3.1 - self.speed) * 0.01 + r.gauss(0, 0.05)
        self.speed = min(3.9, max(2.4, self.speed))
        north = (self.lat - HOME_LAT) * self.meters_per_degree_lat
        east = (self.lon - HOME_LON) * self.meters_per_degree_lon
        self.heading += r.gauss(0, 0.04)
        if north * north + east * east > 3000.0 * 3000.0:
            home = math.atan2(-east, -north)
            self.heading += 0.1 * math.sin(home - self.heading)
        north += self.speed * math.cos(self.heading)
        east += self.speed * math.sin(self.heading)
        self.lat = HOME_LAT + north / self.meters_per_degree_lat
        self.lon = HOME_LON + east / self.meters_per_degree_lon
        self.distance += self.speed
        ele = 35.0 + 12.0 * math.sin(north / 700.0) + 8.0 * math.cos(east / 450.0) + r.gauss(0, 0.3)
        self.hr += ((95.0 + 20.0 * self.speed) - self.hr) * 0.05 + r.gauss(0, 0.8)
        cadence = 80.0 + 2.5 * self.speed + r.gauss(0, 1.0)
        return self.lat, self.lon, ele, self.distance, self.speed, round(self.hr), round(cadence)


def clock(start, shift=0, date_end="T", zone="Z"):
    """Returns a function formatting START+offset (+SHIFT seconds) as 'YYYY-MM-DD<date_end>HH:MM:SS<zone>'
    quickly (one strftime per day)."""
    cache = {}

    def format_time(offset):
        seconds = start + offset + shift
        day, second = divmod(seconds, 86_400)
        prefix = cache.get(day)
        if prefix is None:
            prefix = time.strftime("%Y-%m-%d" + date_end, time.gmtime(day * 86_400))
            cache.clear()
            cache[day] = prefix
        hour, rest = divmod(second, 3600)
        return "%s%02d:%02d:%02d%s" % (prefix, hour, rest // 60, rest % 60, zone)

    return format_time


def utc_clock(start):
    """Formats START+offset as 'YYYY-MM-DDTHH:MM:SSZ' (GPX)."""
    return clock(start)


# --- GPX --------------------------------------------------------------------------------------------

GPX_HEADER = """<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="Pace generate-large-inputs.py"
 xmlns="http://www.topografix.com/GPX/1/1"
 xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
 xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"
 xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd http://www.garmin.com/xmlschemas/TrackPointExtension/v1 http://www.garmin.com/xmlschemas/TrackPointExtensionv1.xsd">
 <metadata>
  <name>Synthetic 1 Hz run</name>
  <time>%s</time>
 </metadata>
 <trk>
  <name>Synthetic 1 Hz run</name>
  <type>running</type>
  <trkseg>
"""
GPX_FOOTER = """  </trkseg>
 </trk>
</gpx>
"""
TRKPT = ('   <trkpt lat="%.7f" lon="%.7f"><ele>%.1f</ele><time>%s</time><extensions>'
         '<gpxtpx:TrackPointExtension><gpxtpx:hr>%d</gpxtpx:hr><gpxtpx:cad>%d</gpxtpx:cad>'
         '</gpxtpx:TrackPointExtension></extensions></trkpt>\n')


def write_gpx(path, points=None, size_bytes=None):
    """Writes points trkpt, or as many as needed to reach about size_bytes. Returns the point count."""
    run = Run(SEED)
    stamp = utc_clock(START_UNIX)
    written = 0
    index = 0
    with open(path, "w", encoding="utf-8", newline="\n", buffering=1 << 20) as out:
        header = GPX_HEADER % stamp(0)
        out.write(header)
        written += len(header)
        chunk = []
        while True:
            if points is not None and index >= points:
                break
            if size_bytes is not None and written >= size_bytes - len(GPX_FOOTER):
                break
            lat, lon, ele, _, _, hr, cad = run.step(index)
            line = TRKPT % (lat, lon, ele, stamp(index), hr, cad)
            chunk.append(line)
            written += len(line)
            index += 1
            if len(chunk) == 10_000:
                out.write("".join(chunk))
                chunk.clear()
        out.write("".join(chunk))
        out.write(GPX_FOOTER)
    return index


# --- FIT --------------------------------------------------------------------------------------------

def _crc_table():
    table = []
    for byte in range(256):
        crc = byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0xA001 if crc & 1 else crc >> 1
        table.append(crc)
    return table


CRC_TABLE = _crc_table()


def fit_crc(data, crc=0):
    """FIT CRC-16 (the FIT protocol's nibble-table CRC equals CRC-16/ARC: polynomial 0x8005 reflected, init 0)."""
    table = CRC_TABLE
    for byte in data:
        crc = (crc >> 8) ^ table[(crc ^ byte) & 0xFF]
    return crc


# Base types.
ENUM, UINT8, UINT16, SINT32, UINT32, UINT32Z = 0x00, 0x02, 0x84, 0x85, 0x86, 0x8C
SIZES = {ENUM: 1, UINT8: 1, UINT16: 2, SINT32: 4, UINT32: 4, UINT32Z: 4}
CODES = {ENUM: "B", UINT8: "B", UINT16: "H", SINT32: "i", UINT32: "I", UINT32Z: "I"}


class FITMessage:
    """A local message type: its definition message and a packer for its data messages (little-endian)."""

    def __init__(self, local, global_number, fields):
        self.local = local
        self.definition = struct.pack("<BBBHB", 0x40 | local, 0, 0, global_number, len(fields)) + b"".join(
            struct.pack("<BBB", number, SIZES[base], base) for number, base in fields)
        self.packer = struct.Struct("<B" + "".join(CODES[base] for _, base in fields))

    def data(self, *values):
        return self.packer.pack(self.local, *values)


def semicircles(degrees):
    return int(round(degrees * (2 ** 31) / 180.0))


def write_fit(path, points):
    run = Run(SEED)
    fit_start = START_UNIX - FIT_EPOCH
    body = bytearray()
    file_id = FITMessage(0, 0, [(0, ENUM), (1, UINT16), (2, UINT16), (3, UINT32Z), (4, UINT32)])
    event = FITMessage(1, 21, [(253, UINT32), (0, ENUM), (1, ENUM), (4, UINT8)])
    record = FITMessage(2, 20, [(253, UINT32), (0, SINT32), (1, SINT32), (2, UINT16), (5, UINT32),
                                (6, UINT16), (3, UINT8), (4, UINT8)])
    # file_id: type activity (4), manufacturer development (255), product 1, serial, time_created.
    body += file_id.definition + file_id.data(4, 255, 1, 12345678, fit_start)
    body += event.definition + event.data(fit_start, 0, 0, 0)  # timer, start
    body += record.definition
    pack = record.packer.pack
    distance = 0.0
    for index in range(points):
        lat, lon, ele, distance, speed, hr, cad = run.step(index)
        body += pack(2, fit_start + index, semicircles(lat), semicircles(lon), int(round((ele + 500.0) * 5.0)),
                     int(round(distance * 100.0)), int(round(speed * 1000.0)), hr, cad)
    end = fit_start + max(0, points - 1)
    elapsed_ms = max(0, points - 1) * 1000
    distance_cm = int(round(distance * 100.0))
    body += event.data(end, 0, 4, 0)  # timer, stop_all
    lap = FITMessage(3, 19, [(253, UINT32), (2, UINT32), (7, UINT32), (8, UINT32), (9, UINT32), (0, ENUM), (1, ENUM)])
    body += lap.definition + lap.data(end, fit_start, elapsed_ms, elapsed_ms, distance_cm, 9, 1)
    session = FITMessage(4, 18, [(253, UINT32), (2, UINT32), (7, UINT32), (8, UINT32), (9, UINT32), (5, ENUM),
                                 (0, ENUM), (1, ENUM), (25, UINT16), (26, UINT16)])
    body += session.definition + session.data(end, fit_start, elapsed_ms, elapsed_ms, distance_cm, 1, 8, 1, 0, 1)
    activity = FITMessage(5, 34, [(253, UINT32), (0, UINT32), (1, UINT16), (2, ENUM), (3, ENUM), (4, ENUM)])
    body += activity.definition + activity.data(end, elapsed_ms, 1, 0, 26, 1)

    header = struct.pack("<BBHI4s", 14, 0x20, 2132, len(body), b".FIT")
    header += struct.pack("<H", fit_crc(header))
    crc = fit_crc(body, fit_crc(header))
    with open(path, "wb") as out:
        out.write(header)
        out.write(body)
        out.write(struct.pack("<H", crc))
    return points


# --- Apple Health export.xml --------------------------------------------------------------------------

HEALTH_DTD = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!-- HealthKit Export Version: 13 -->
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
<!ATTLIST HealthData
  locale CDATA #REQUIRED
>
<!ELEMENT ExportDate EMPTY>
<!ATTLIST ExportDate
  value CDATA #REQUIRED
>
<!ELEMENT Me EMPTY>
<!ATTLIST Me
  HKCharacteristicTypeIdentifierDateOfBirth                   CDATA #REQUIRED
  HKCharacteristicTypeIdentifierBiologicalSex                 CDATA #REQUIRED
  HKCharacteristicTypeIdentifierBloodType                     CDATA #REQUIRED
  HKCharacteristicTypeIdentifierFitzpatrickSkinType           CDATA #REQUIRED
  HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse   CDATA #IMPLIED
>
<!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
<!ATTLIST Record
  type          CDATA #REQUIRED
  unit          CDATA #IMPLIED
  value         CDATA #IMPLIED
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!-- Note: Any Records that appear as children of a correlation also appear as top-level records in this document. -->
<!ELEMENT Correlation ((MetadataEntry|Record)*)>
<!ATTLIST Correlation
  type          CDATA #REQUIRED
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!ELEMENT Workout ((MetadataEntry|WorkoutEvent|WorkoutRoute|WorkoutStatistics)*)>
<!ATTLIST Workout
  workoutActivityType   CDATA #REQUIRED
  duration              CDATA #IMPLIED
  durationUnit          CDATA #IMPLIED
  totalDistance         CDATA #IMPLIED
  totalDistanceUnit     CDATA #IMPLIED
  totalEnergyBurned     CDATA #IMPLIED
  totalEnergyBurnedUnit CDATA #IMPLIED
  sourceName            CDATA #REQUIRED
  sourceVersion         CDATA #IMPLIED
  device                CDATA #IMPLIED
  creationDate          CDATA #IMPLIED
  startDate             CDATA #REQUIRED
  endDate               CDATA #REQUIRED
>
<!ELEMENT WorkoutEvent (MetadataEntry?)>
<!ATTLIST WorkoutEvent
  type                 CDATA #REQUIRED
  date                 CDATA #REQUIRED
  duration             CDATA #IMPLIED
  durationUnit         CDATA #IMPLIED
>
<!ELEMENT WorkoutStatistics EMPTY>
<!ATTLIST WorkoutStatistics
  type                 CDATA #REQUIRED
  startDate            CDATA #REQUIRED
  endDate              CDATA #REQUIRED
  average              CDATA #IMPLIED
  minimum              CDATA #IMPLIED
  maximum              CDATA #IMPLIED
  sum                  CDATA #IMPLIED
  unit                 CDATA #IMPLIED
>
<!ELEMENT WorkoutRoute ((MetadataEntry|FileReference)*)>
<!ATTLIST WorkoutRoute
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!ELEMENT FileReference EMPTY>
<!ATTLIST FileReference
  path CDATA #REQUIRED
>
<!ELEMENT ActivitySummary EMPTY>
<!ATTLIST ActivitySummary
  dateComponents           CDATA #IMPLIED
  activeEnergyBurned       CDATA #IMPLIED
  activeEnergyBurnedGoal   CDATA #IMPLIED
  activeEnergyBurnedUnit   CDATA #IMPLIED
  appleMoveTime            CDATA #IMPLIED
  appleMoveTimeGoal        CDATA #IMPLIED
  appleExerciseTime        CDATA #IMPLIED
  appleExerciseTimeGoal    CDATA #IMPLIED
  appleStandHours          CDATA #IMPLIED
  appleStandHoursGoal      CDATA #IMPLIED
>
<!ELEMENT MetadataEntry EMPTY>
<!ATTLIST MetadataEntry
  key   CDATA #REQUIRED
  value CDATA #REQUIRED
>
<!-- Note: Heart Rate Variability records captured by Apple Watch may include an associated list of instantaneous beats-per-minute readings. -->
<!ELEMENT HeartRateVariabilityMetadataList (InstantaneousBeatsPerMinute*)>
<!ELEMENT InstantaneousBeatsPerMinute EMPTY>
<!ATTLIST InstantaneousBeatsPerMinute
  bpm  CDATA #REQUIRED
  time CDATA #REQUIRED
>
<!ELEMENT ClinicalRecord EMPTY>
<!ATTLIST ClinicalRecord
  type              CDATA #REQUIRED
  identifier        CDATA #REQUIRED
  sourceName        CDATA #REQUIRED
  sourceURL         CDATA #REQUIRED
  fhirVersion       CDATA #REQUIRED
  receivedDate      CDATA #REQUIRED
  resourceFilePath  CDATA #REQUIRED
>
<!ELEMENT Audiogram EMPTY>
<!ATTLIST Audiogram
  type          CDATA #REQUIRED
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!ELEMENT VisionPrescription EMPTY>
<!ATTLIST VisionPrescription
  type             CDATA #REQUIRED
  dateIssued       CDATA #REQUIRED
  expirationDate   CDATA #IMPLIED
  brand            CDATA #IMPLIED
>
]>
<HealthData locale="en_GB">
 <ExportDate value="%s"/>
 <Me HKCharacteristicTypeIdentifierDateOfBirth="1988-03-14" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>
"""

WATCH = ("Ada\u2019s Apple\u00a0Watch", "10.4",
         "&lt;&lt;HKDevice: 0x3036a1c20&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, "
         "hardware:Watch6,1, software:10.4, creation date:2024-04-30 22:00:00 +0000&gt;")
PHONE = ("Ada\u2019s iPhone", "17.4.1",
         "&lt;&lt;HKDevice: 0x3036a1d10&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, "
         "hardware:iPhone14,5, software:17.4.1, creation date:2024-04-30 22:00:00 +0000&gt;")
SLEEP_VALUES = ("HKCategoryValueSleepAnalysisInBed", "HKCategoryValueSleepAnalysisAsleepCore",
                "HKCategoryValueSleepAnalysisAsleepDeep", "HKCategoryValueSleepAnalysisAsleepREM",
                "HKCategoryValueSleepAnalysisAwake")
# (weight, type, unit or None, source) — the mix of a watch-wearer's export.
HEALTH_MIX = (
    (40, "HKQuantityTypeIdentifierHeartRate", "count/min", WATCH),
    (20, "HKQuantityTypeIdentifierStepCount", "count", PHONE),
    (13, "HKQuantityTypeIdentifierDistanceWalkingRunning", "km", PHONE),
    (14, "HKQuantityTypeIdentifierActiveEnergyBurned", "kcal", WATCH),
    (11, "HKQuantityTypeIdentifierBasalEnergyBurned", "kcal", WATCH),
    (2, "HKCategoryTypeIdentifierSleepAnalysis", None, WATCH),
)


def local_clock(start):
    """Formats START+offset as 'YYYY-MM-DD HH:MM:SS +0200' (Central European Summer Time, as in May)."""
    return clock(start, shift=7200, date_end=" ", zone=" +0200")


def write_health(path, records):
    r = random.Random(SEED)
    stamp = local_clock(START_UNIX)
    kinds = []
    for weight, kind, unit, source in HEALTH_MIX:
        kinds += [(kind, unit, source)] * weight
    offset = 0
    with open(path, "w", encoding="utf-8", newline="\n", buffering=1 << 20) as out:
        out.write(HEALTH_DTD % stamp(86_400 * 400))
        chunk = []
        for index in range(records):
            kind, unit, (source, version, device) = kinds[r.randrange(len(kinds))]
            offset += r.randint(1, 9)  # start times strictly increase: no two records are identical
            start = stamp(offset)
            metadata = ""
            if kind.endswith("HeartRate"):
                end = start
                value = str(r.randint(52, 178))
                metadata = '  <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="%d"/>\n' % r.randint(0, 2)
            elif kind.endswith("StepCount"):
                end = stamp(offset + r.randint(30, 600))
                value = str(r.randint(5, 1400))
            elif kind.endswith("DistanceWalkingRunning"):
                end = stamp(offset + r.randint(30, 600))
                value = "%.5f" % r.uniform(0.003, 1.1)
            elif kind.endswith("ActiveEnergyBurned"):
                end = stamp(offset + r.randint(20, 120))
                value = "%.3f" % r.uniform(0.05, 14.0)
            elif kind.endswith("BasalEnergyBurned"):
                end = stamp(offset + r.randint(300, 1800))
                value = "%.3f" % r.uniform(0.8, 22.0)
            else:
                end = stamp(offset + r.randint(120, 3600))
                value = SLEEP_VALUES[r.randrange(len(SLEEP_VALUES))]
                metadata = '  <MetadataEntry key="HKTimeZone" value="Europe/Paris"/>\n'
            if not metadata and index % 97 == 0:
                metadata = '  <MetadataEntry key="HKWasUserEntered" value="0"/>\n'
            created = stamp(offset + r.randint(60, 900))
            unit_attribute = ' unit="%s"' % unit if unit else ""
            head = (' <Record type="%s" sourceName="%s" sourceVersion="%s" device="%s"%s creationDate="%s" '
                    'startDate="%s" endDate="%s" value="%s"' % (kind, source, version, device, unit_attribute,
                                                                 created, start, end, value))
            chunk.append(head + (">\n" + metadata + " </Record>\n" if metadata else "/>\n"))
            if len(chunk) == 10_000:
                out.write("".join(chunk))
                chunk.clear()
        out.write("".join(chunk))
        out.write("</HealthData>\n")
    return records


# --- Command line ----------------------------------------------------------------------------------

def label(count):
    if count % 1_000_000 == 0:
        return "%dm" % (count // 1_000_000)
    if count % 1_000 == 0:
        return "%dk" % (count // 1_000)
    return str(count)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("folder", help="where to write the files (created if missing); keep it out of the repo")
    parser.add_argument("--gpx-points", type=int, default=1_000_000, help="trkpt in run-<N>.gpx (default 1000000)")
    parser.add_argument("--fit-points", type=int, action="append",
                        help="records in run-<N>.fit; repeat for several files (default 100000 and 1000000)")
    parser.add_argument("--health-records", type=int, default=1_000_000,
                        help="<Record> in export-<N>.xml (default 1000000)")
    parser.add_argument("--gpx-size-gb", type=float, default=None,
                        help="also write run-<S>gb.gpx of about S GiB (e.g. 2); not written by default")
    parser.add_argument("--only", action="append", choices=["gpx", "fit", "health", "gpx-size"],
                        help="write only these kinds (repeatable); default: gpx, fit, health (+ gpx-size if sized)")
    parser.add_argument("--force", action="store_true", help="rewrite files that already exist")
    args = parser.parse_args(argv)

    fit_points = args.fit_points or [100_000, 1_000_000]
    kinds = set(args.only or ["gpx", "fit", "health"] + (["gpx-size"] if args.gpx_size_gb else []))
    if "gpx-size" in kinds and not args.gpx_size_gb:
        parser.error("--only gpx-size needs --gpx-size-gb")
    os.makedirs(args.folder, exist_ok=True)

    jobs = []
    if "gpx" in kinds:
        jobs.append(("run-%s.gpx" % label(args.gpx_points), lambda p: write_gpx(p, points=args.gpx_points)))
    if "fit" in kinds:
        for count in fit_points:
            jobs.append(("run-%s.fit" % label(count), lambda p, n=count: write_fit(p, n)))
    if "health" in kinds:
        jobs.append(("export-%s.xml" % label(args.health_records), lambda p: write_health(p, args.health_records)))
    if "gpx-size" in kinds:
        size = int(args.gpx_size_gb * (1 << 30))
        jobs.append(("run-%sgb.gpx" % ("%g" % args.gpx_size_gb), lambda p: write_gpx(p, size_bytes=size)))

    for name, write in jobs:
        path = os.path.join(args.folder, name)
        if os.path.exists(path) and not args.force:
            print("kept    %s (%d bytes)" % (path, os.path.getsize(path)))
            continue
        started = time.monotonic()
        temporary = path + ".partial"
        count = write(temporary)
        os.replace(temporary, path)
        print("wrote   %s: %d items, %d bytes in %.1f s" % (path, count, os.path.getsize(path),
                                                          time.monotonic() - started))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
