#!/usr/bin/env python3
"""Decode a FIT file with both Garmin's garmin_fit_sdk and fitdecode and print a JSON summary.

Used by Pace's FITEncoder tests as an independent check of FITActivityWriter's output.
Requires: pip install fitdecode garmin-fit-sdk

Usage: check-fit-with-sdks.py FILE.fit
       check-fit-with-sdks.py --messages FILE.fit
Prints {"garmin": {...}, "fitdecode": {...}} where each side has: errors, integrity, records
(list of {time, lat, lon, alt, dist, speed, hr, cad, power, temp}; lat/lon in raw semicircles,
time in Unix seconds), laps, sessions (sport), activity count, timer events.

With --messages, prints every message Garmin's SDK decodes (components expanded, accumulated
fields, subfields; timestamps as raw FIT seconds), grouped by message name: the source of the
expected values in Pace's FITComponentsTests.
"""
import datetime
import json
import sys


def unix(value):
    if isinstance(value, datetime.datetime):
        if value.tzinfo is None:
            value = value.replace(tzinfo=datetime.timezone.utc)
        return int(round(value.timestamp()))
    return value


def record_summary(get):
    return {
        "time": unix(get("timestamp")),
        "lat": get("position_lat"),
        "lon": get("position_long"),
        "alt": get("enhanced_altitude") if get("enhanced_altitude") is not None else get("altitude"),
        "dist": get("distance"),
        "speed": get("enhanced_speed") if get("enhanced_speed") is not None else get("speed"),
        "hr": get("heart_rate"),
        "cad": get("cadence"),
        "power": get("power"),
        "temp": get("temperature"),
    }


def lap_summary(get):
    return {
        "start": unix(get("start_time")),
        "elapsed": get("total_elapsed_time"),
        "timer": get("total_timer_time"),
        "distance": get("total_distance"),
        "calories": get("total_calories"),
        "avg_hr": get("avg_heart_rate"),
        "max_hr": get("max_heart_rate"),
        "trigger": str(get("lap_trigger")) if get("lap_trigger") is not None else None,
    }


def garmin(path):
    from garmin_fit_sdk import Decoder, Stream

    checker = Decoder(Stream.from_file(path))
    is_fit = checker.is_fit()
    integrity = checker.check_integrity()
    # A fresh stream: the checks above leave the stream's position at the end.
    messages, errors = Decoder(Stream.from_file(path)).read()

    def getter(message):
        return lambda name: message.get(name)

    events = [m for m in messages.get("event_mesgs", []) if m.get("event") == "timer"]
    return {
        "errors": [str(e) for e in errors],
        "integrity": bool(is_fit and integrity),
        "records": [record_summary(getter(m)) for m in messages.get("record_mesgs", [])],
        "laps": [lap_summary(getter(m)) for m in messages.get("lap_mesgs", [])],
        "sessions": [str(m.get("sport")) for m in messages.get("session_mesgs", [])],
        "activities": len(messages.get("activity_mesgs", [])),
        "timer_events": [str(m.get("event_type")) for m in events],
    }


def fitdecode_summary(path):
    import fitdecode

    records, laps, sessions, events, activities = [], [], [], [], 0
    errors = []
    try:
        with fitdecode.FitReader(path, check_crc=fitdecode.CrcCheck.RAISE) as reader:
            for frame in reader:
                if frame.frame_type != fitdecode.FIT_FRAME_DATA:
                    continue

                def get(name, frame=frame):
                    return frame.get_value(name, fallback=None)

                if frame.name == "record":
                    records.append(record_summary(get))
                elif frame.name == "lap":
                    laps.append(lap_summary(get))
                elif frame.name == "session":
                    sessions.append(str(get("sport")))
                elif frame.name == "activity":
                    activities += 1
                elif frame.name == "event" and get("event") == "timer":
                    events.append(str(get("event_type")))
    except Exception as error:  # report, do not crash: the test prints the JSON
        errors.append(f"{type(error).__name__}: {error}")
    return {
        "errors": errors,
        "integrity": not errors,
        "records": records,
        "laps": laps,
        "sessions": sessions,
        "activities": activities,
        "timer_events": events,
    }


def garmin_messages(path):
    from garmin_fit_sdk import Decoder, Stream

    messages, errors = Decoder(Stream.from_file(path)).read(convert_datetimes_to_dates=False)
    return {"errors": [str(e) for e in errors], "messages": messages}


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--messages":
        print(json.dumps(garmin_messages(sys.argv[2]), default=str))
        return
    if len(sys.argv) != 2:
        sys.exit("usage: check-fit-with-sdks.py [--messages] FILE.fit")
    path = sys.argv[1]
    print(json.dumps({"garmin": garmin(path), "fitdecode": fitdecode_summary(path)}, default=str))


if __name__ == "__main__":
    main()
