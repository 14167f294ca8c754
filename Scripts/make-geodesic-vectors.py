#!/usr/bin/env python3
"""Generate Tests/PaceTrackTests/Fixtures/geodesic-vectors.csv from GeographicLib.

Reference solutions of the inverse and direct geodesic problems on WGS-84, computed with
GeographicLib's Python package (C. F. F. Karney), against which PaceTrack's own Geodesic is tested.

    pip install geographiclib
    python3 Scripts/make-geodesic-vectors.py            # writes the fixture
    python3 Scripts/make-geodesic-vectors.py --stdout   # prints it instead

The output is deterministic (fixed random seed). Columns:

    problem   "inverse" or "direct"
    category  what the row exercises (random, short, antipodal-1e-6, pole, ...)
    lat1,lon1 first point, degrees
    azi1      inverse: result; direct: input azimuth, degrees
    lat2,lon2 inverse: input; direct: result, degrees
    azi2      forward azimuth at the second point (result), degrees
    s12       inverse: result; direct: input distance, metres
    m12       reduced length, metres (result; bounds the effect of an azimuth error)

Numbers are written with repr(), which round-trips doubles exactly.
"""

import argparse
import math
import os
import random
import sys

import geographiclib
from geographiclib.geodesic import Geodesic

GEOD = Geodesic.WGS84
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                   "Tests", "PaceTrackTests", "Fixtures", "geodesic-vectors.csv")


def random_latitude(rng):
    """Latitude of a point uniformly distributed on the sphere."""
    return math.degrees(math.asin(rng.uniform(-1, 1)))


def random_longitude(rng):
    return rng.uniform(-180, 180)


def inverse_pairs(rng):
    """(category, lat1, lon1, lat2, lon2) tuples."""
    pairs = []

    def add(category, lat1, lon1, lat2, lon2):
        pairs.append((category, lat1, lon1, lat2, lon2))

    for _ in range(60):
        add("random", random_latitude(rng), random_longitude(rng),
            random_latitude(rng), random_longitude(rng))

    # Short: under a metre (1e-9 ... 5e-6 degrees apart).
    for _ in range(30):
        lat, lon = random_latitude(rng), random_longitude(rng)
        scale = 10 ** rng.uniform(-9, math.log10(5e-6))
        add("short", lat, lon, max(-90, min(90, lat + scale * rng.uniform(-1, 1))),
            lon + scale * rng.uniform(-1, 1))

    # Local: 1 m ... 100 km, the workout range.
    for _ in range(30):
        lat, lon = random_latitude(rng) * 0.95, random_longitude(rng)
        line = GEOD.Direct(lat, lon, rng.uniform(-180, 180), 10 ** rng.uniform(0, 5))
        add("local", lat, lon, line["lat2"], line["lon2"])

    # Long: 10 000 km ... 19 000 km.
    for _ in range(25):
        lat, lon = random_latitude(rng), random_longitude(rng)
        line = GEOD.Direct(lat, lon, rng.uniform(-180, 180), rng.uniform(1.0e7, 1.9e7))
        add("long", lat, lon, line["lat2"], line["lon2"])

    # Nearly antipodal: within 1e-3 and 1e-6 degrees of the antipode, some of them close to
    # the equator, where the shortest path is most delicate.
    for delta, category in ((1e-3, "antipodal-1e-3"), (1e-6, "antipodal-1e-6")):
        for i in range(25):
            lat = random_latitude(rng) if i % 3 else rng.uniform(-0.5, 0.5)
            lon = random_longitude(rng)
            add(category, lat, lon, max(-90, min(90, -lat + delta * rng.uniform(-1, 1))),
                lon + 180 + delta * rng.uniform(-1, 1))

    # Exactly antipodal.
    for lat in (0.0, 0.5, -1.0, 10.0, -30.0, 45.0, 60.0, -75.5, 89.0, 90.0):
        lon = rng.choice((0.0, 12.5, -100.0, 179.0))
        add("antipodal-exact", lat, lon, -lat, lon + 180 if lon < 0 else lon - 180)

    # Equatorial: short ones along the equator, and ones past (1 - f) 180 degrees where the
    # shortest path leaves the equator.
    for dlon in (1e-7, 0.001, 1.0, 45.0, 90.0, 120.0, 179.0, 179.3, 179.4, 179.45,
                 179.5, 179.7, 179.9, 179.99, 179.999999, 180.0):
        lon = rng.uniform(-180, 180)
        add("equatorial", 0.0, lon, 0.0, lon + (dlon if rng.random() < 0.5 else -dlon))

    # Meridional: same longitude, or longitudes 180 degrees apart (over a pole).
    for _ in range(10):
        lon = random_longitude(rng)
        add("meridional", random_latitude(rng), lon, random_latitude(rng), lon)
    for _ in range(10):
        lon = random_longitude(rng)
        add("meridional", random_latitude(rng), lon, random_latitude(rng), lon + 180)

    # Poles: one or both ends at a pole.
    for _ in range(12):
        pole = rng.choice((90.0, -90.0))
        if rng.random() < 0.5:
            add("pole", pole, random_longitude(rng), random_latitude(rng), random_longitude(rng))
        else:
            add("pole", random_latitude(rng), random_longitude(rng), pole, random_longitude(rng))
    for lat1, lat2 in ((90.0, 90.0), (90.0, -90.0), (-90.0, -90.0), (-90.0, 89.9999),
                       (90.0, 89.999999), (-90.0, 0.0), (90.0, 0.0), (89.9999999, -89.9999999)):
        add("pole", lat1, random_longitude(rng), lat2, random_longitude(rng))

    # Across the antimeridian.
    for _ in range(20):
        lat = random_latitude(rng)
        add("antimeridian", lat, 180 - 10 ** rng.uniform(-7, 0.5),
            lat + rng.uniform(-1, 1), -180 + 10 ** rng.uniform(-7, 0.5))

    # Coincident points.
    for lat, lon in ((0.0, 0.0), (48.8584, 2.2945), (-33.5, 151.25), (90.0, 0.0), (-90.0, 10.0)):
        add("coincident", lat, lon, lat, lon)

    return pairs


def direct_cases(rng):
    """(category, lat1, lon1, azi1, s12) tuples."""
    cases = []
    for _ in range(40):
        cases.append(("random", random_latitude(rng), random_longitude(rng),
                      rng.uniform(-180, 180), 10 ** rng.uniform(-1, math.log10(1.99e7))))
    for _ in range(5):
        cases.append(("backwards", random_latitude(rng), random_longitude(rng),
                      rng.uniform(-180, 180), -(10 ** rng.uniform(0, 7))))
    for _ in range(5):
        cases.append(("wrapping", random_latitude(rng), random_longitude(rng),
                      rng.uniform(-180, 180), rng.uniform(2.1e7, 6.0e7)))
    cases.append(("equatorial", 0.0, 10.0, 90.0, 1.0e7))
    cases.append(("equatorial", 0.0, -170.0, -90.0, 2.0e7))
    cases.append(("meridional", 10.0, 20.0, 0.0, 1.5e7))
    cases.append(("meridional", -40.0, 20.0, 180.0, 8.0e6))
    cases.append(("pole", 90.0, 0.0, 30.0, 5.0e6))
    cases.append(("pole", -90.0, 45.0, 0.0, 1.0e6))
    cases.append(("pole", 45.0, 0.0, 0.0, GEOD.Inverse(45.0, 0.0, 90.0, 0.0)["s12"]))
    cases.append(("zero", 12.0, 34.0, 56.0, 0.0))
    return cases


def fmt(x):
    return repr(float(x))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stdout", action="store_true", help="print instead of writing the fixture")
    args = parser.parse_args()

    rng = random.Random(20240613)
    rows = ["problem,category,lat1,lon1,azi1,lat2,lon2,azi2,s12,m12"]
    mask = Geodesic.STANDARD | Geodesic.REDUCEDLENGTH
    for category, lat1, lon1, lat2, lon2 in inverse_pairs(rng):
        r = GEOD.Inverse(lat1, lon1, lat2, lon2, mask)
        rows.append(",".join(["inverse", category] + [fmt(v) for v in (
            lat1, lon1, r["azi1"], lat2, lon2, r["azi2"], r["s12"], r["m12"])]))
    for category, lat1, lon1, azi1, s12 in direct_cases(rng):
        r = GEOD.Direct(lat1, lon1, azi1, s12, mask)
        rows.append(",".join(["direct", category] + [fmt(v) for v in (
            lat1, lon1, azi1, r["lat2"], r["lon2"], r["azi2"], s12, r["m12"])]))
    text = "\n".join(rows) + "\n"

    if args.stdout:
        sys.stdout.write(text)
    else:
        with open(OUT, "w", encoding="ascii") as out:
            out.write(text)
        print(f"wrote {len(rows) - 1} rows to {os.path.normpath(OUT)} "
              f"(geographiclib {geographiclib.__version__})", file=sys.stderr)


if __name__ == "__main__":
    main()
