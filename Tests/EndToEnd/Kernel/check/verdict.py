#!/usr/bin/env python3
"""Judges the kernel tier: what the guest's kernel saw against what the host expects.

usage: verdict.py GUEST_RESULTS EXPECTED

GUEST_RESULTS holds what guest/cases.sh recorded per case (trace events, the SPI
recorder's bytes, framebuffer dumps, exit codes); EXPECTED holds the same boards rendered
on the host at the same instant (PPM images, JSON-lines bus traces). Prints one line per
check and `N passed, N failed`; exits 1 if anything failed.
"""
import json
import os
import re
import sys

from busmodel import BusSequence, describe_difference
from speech import raw_samples, sound_span, wav_samples

GUEST, EXPECTED = sys.argv[1], sys.argv[2]
results = []


def check(name, ok, detail=""):
    results.append(ok)
    print(("PASS " if ok else "FAIL ") + name + ("" if ok or not detail else ": " + detail))
    return ok


def guest_file(name, mode="r"):
    path = os.path.join(GUEST, name)
    if not os.path.exists(path):
        return None
    with open(path, mode) as handle:
        return handle.read()


def exit_code(case):
    text = guest_file(case + ".rc")
    return int(text) if text and text.strip().lstrip("-").isdigit() else None


def duration(case):
    text = guest_file(case + ".time")
    if not text:
        return None
    start, end = (float(v) for v in text.split())
    return end - start


def stderr_of(case):
    return (guest_file(case + ".stderr") or "").strip()


def devices():
    values = {}
    for line in (guest_file("devices") or "").splitlines():
        key, _, value = line.partition("=")
        values[key] = value
    return values


DEVICES = devices()
GPIO_NAMES = {0: "dc", 1: "reset", 2: "busy"}   # gpio-sim lines as cases.sh names them


def ran(case, want=0):
    rc = exit_code(case)
    detail = f"exit {rc}" + (f"; stderr: {stderr_of(case)[:300]}" if stderr_of(case) else "")
    return check(f"{case}: departure-board exits {want}", rc == want, detail)


# --- framebuffer ---------------------------------------------------------------------------

def read_ppm(path):
    with open(path, "rb") as handle:
        data = handle.read()
    fields = re.match(rb"P6\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
    width, height = int(fields.group(1)), int(fields.group(2))
    return width, height, data[fields.end():]


def scaled(value, length):
    """A channel 0…255 scaled to `length` bits with rounding, as the fbdev backend packs it."""
    top = (1 << length) - 1
    return (value * top + 127) // 255


def check_framebuffer(case, bpp):
    if not ran(case):
        return
    info = dict(line.split("=", 1) for line in (guest_file(case + ".info") or "").splitlines() if "=" in line)
    if not check(f"{case}: the kernel reports the framebuffer's geometry", "red" in info, str(info)[:200]):
        return
    check(f"{case}: vfb runs at {bpp} bpp", int(info["bits_per_pixel"]) == bpp, info["bits_per_pixel"])
    fields = [tuple(int(v) for v in info[name].split("/")) for name in ("red", "green", "blue", "transp")]
    offsets, lengths = [f[0] for f in fields], [f[1] for f in fields]
    stride = int(info["line_length"])
    dump = guest_file(case + ".raw", "rb") or b""
    width, height, pixels = read_ppm(os.path.join(EXPECTED, "fbdev.ppm"))
    size = bpp // 8
    opaque = ((1 << lengths[3]) - 1) << offsets[3]
    mismatched, first = 0, None
    for y in range(height):
        for x in range(width):
            r, g, b = pixels[(y * width + x) * 3:(y * width + x) * 3 + 3]
            want = opaque
            for value, length, offset in zip((r, g, b), lengths, offsets):
                want |= scaled(value, length) << offset
            at = y * stride + x * size
            got = int.from_bytes(dump[at:at + size], "little")
            if got != want:
                mismatched += 1
                first = first or f"({x},{y}) {got:#x} != {want:#x}"
    check(f"{case}: {width}x{height} pixels equal `render` through bitfields "
          f"r{offsets[0]}/{lengths[0]} g{offsets[1]}/{lengths[1]} b{offsets[2]}/{lengths[2]}",
          mismatched == 0 and len(dump) >= stride * height,
          f"{mismatched} pixels differ, first {first}; dump {len(dump)} bytes")


# --- buses -----------------------------------------------------------------------------------

def expected_trace(panel):
    with open(os.path.join(EXPECTED, panel + ".trace.jsonl")) as handle:
        return [json.loads(line) for line in handle if line.strip()]


def kernel_sequence(case):
    """The case's bus activity as the kernel logged it, or None (with a failed check)."""
    ftrace = guest_file(case + ".ftrace")
    if not check(f"{case}: kernel trace recorded", bool(ftrace)):
        return None
    overruns = re.findall(r"overrun: (\d+)", guest_file(case + ".overrun") or "")
    check(f"{case}: no trace events lost", "LOST" not in ftrace and all(n == "0" for n in overruns),
          f"overrun {overruns}")
    base = int(DEVICES.get("gpio_base", "0") or 0)
    names = {base + offset: name for offset, name in GPIO_NAMES.items()}
    spi = guest_file(case + ".spi.bin", "rb") or b""
    sequence, problems = BusSequence.from_kernel(ftrace, spi, names)
    if spi or "spi_transfer_start" in ftrace or problems:
        check(f"{case}: SPI recorder bytes agree with the kernel's transfer events", not problems,
              "; ".join(problems[:3]))
    return sequence


def compare(case, kernel, expected, what):
    difference = describe_difference(kernel.ops, expected.ops)
    check(f"{case}: {what}", difference is None, difference or "")


def spi_settings(case, speed_hz, trace=None):
    """Speed, mode and word size reached the controller, and chip select framed each write
    as the trace's ops say (split at spidev's bufsiz): a MAX7219 latches on that edge."""
    log = (guest_file(case + ".spi.log") or "").splitlines()
    transfers = [re.search(r"len=(\d+) hz=(\d+) mode=(\d+) bits=(\d+)", line).groups()
                 for line in log if line.startswith("xfer")]
    bufsiz = int(DEVICES.get("spidev_bufsiz") or 4096)
    wrong = [t for t in transfers if int(t[1]) != speed_hz or t[2] != "0" or t[3] != "8" or int(t[0]) > bufsiz]
    check(f"{case}: {len(transfers)} SPI transfers at {speed_hz} Hz, mode 0, 8 bits, at most {bufsiz} bytes",
          bool(transfers) and not wrong and not any(line.startswith("overflow") for line in log),
          f"first odd transfer {wrong[:1]}")
    frames, current = [], None
    for line in log:
        if line == "cs 0":
            current = 0
        elif line == "cs 1" and current is not None:
            frames.append(current)
            current = None
        elif line.startswith("xfer") and current is not None:
            current += int(re.search(r"len=(\d+)", line).group(1))
    want = []
    for op in expected_trace(trace or case):
        if op["op"] == "spi":
            size = len(op["data"]) // 2
            want += [min(bufsiz, size - start) for start in range(0, size, bufsiz)]
    check(f"{case}: chip select framed {len(want)} writes as the trace has them", frames == want,
          f"{len(frames)} frames, first {frames[:6]} vs {want[:6]}")


def check_panel(case, speed_hz=None, i2c_address=None):
    """`render --panel` on one panel: the kernel's step list must equal the trace's."""
    if not ran(case):
        return
    kernel = kernel_sequence(case)
    if not kernel:
        return
    want = BusSequence.from_trace(expected_trace(case))
    if i2c_address is not None:
        compare(case, kernel, want, f"SMBus writes on {DEVICES.get('i2c_device')} equal the trace "
                f"({want.byte_count()} bytes in {len(want.ops)} runs)")
        adapters = set(re.findall(r"smbus_write: i2c-(\d+) a=(\w+)", guest_file(case + ".ftrace")))
        stub = DEVICES.get("i2c_device", "").rpartition("-")[2]
        check(f"{case}: every write went to the stub's adapter at {i2c_address:#04x}",
              adapters == {(stub, f"{i2c_address:03x}")}, str(adapters))
    else:
        compare(case, kernel, want, f"SPI bytes with the line levels in force equal the trace "
                f"({want.byte_count()} bytes in {len(want.ops)} steps)")
        spi_settings(case, speed_hz)


def check_ssd1306_run():
    """`run` until SIGTERM on the SSD1306: draws, then puts the panel to sleep last."""
    check("ssd1306-run: `run` stops on SIGTERM with exit 0", exit_code("ssd1306-run") == 0,
          f"exit {exit_code('ssd1306-run')}; stderr: {stderr_of('ssd1306-run')[:300]}")
    kernel = kernel_sequence("ssd1306-run")
    if kernel:
        frame = sum(len(op[2]) for op in kernel.ops if op[0] == "bus" and op[1] == ("i2c", 0x3C, 0x40))
        check("ssd1306-run: at least one whole frame reached the panel", frame >= 1024, f"{frame} data bytes")
        last = kernel.ops[-1] if kernel.ops else None
        check("ssd1306-run: the last command puts the panel to sleep (0xAE)",
              bool(last) and last[1] == ("i2c", 0x3C, 0x00) and last[2][-1:] == b"\xae", str(last)[:120])


def check_buttons():
    """GPIO buttons through libgpiod edge events on gpio-sim: a quiet board redraws only
    when "next page" is pressed, and "refresh" asks for a refresh."""
    check("buttons: `run` with buttons stops on SIGTERM with exit 0", exit_code("buttons") == 0,
          f"exit {exit_code('buttons')}; stderr: {stderr_of('buttons')[:300]}")
    counts = (guest_file("buttons.counts") or "").split()
    if not check("buttons: write counts recorded", len(counts) == 3, str(counts)):
        return
    before, idle, after = (int(n) for n in counts)
    check("buttons: after its first frames, nothing is sent while no button is pressed",
          before >= 40 and idle == before, f"{before} → {idle} SMBus writes")
    check("buttons: pressing next page redraws the panel", after > idle, f"{idle} → {after} SMBus writes")
    requested = stderr_of("buttons").count("refresh requested")
    check("buttons: pressing refresh requests one refresh", requested == 1, f"{requested} in the log")


def check_speech():
    """A speak press on gpio-sim: the board logs the words `say` gives for that minute, plays
    them through ALSA to snd-aloop, refuses a second press while it speaks, and the capture
    side of the loopback carried exactly the samples of `say`'s WAV."""
    log = stderr_of("speech")
    check("speech: `run` with a speak button stops on SIGTERM with exit 0", exit_code("speech") == 0,
          f"exit {exit_code('speech')}; stderr: {log[:300]}")
    check("speech: snd-aloop's card is there", "Loopback" in (guest_file("speech.cards") or ""),
          (guest_file("speech.cards") or "")[:200])
    said = re.search(r"speaking \(button\): (.*)", log)
    expected_words = (guest_file("speech-expected.txt") or "").strip()
    check("speech: the press speaks the words `say` writes for that minute",
          bool(said) and said.group(1).strip() == expected_words and expected_words.startswith("Next departures from"),
          f"said {said.group(1)[:160] if said else None!r}; say: {expected_words[:160]!r}; {guest_file('speech-say.stderr')}")
    check("speech: a second press while it speaks is refused",
          "not speaking (button): an announcement is still playing" in log, log[-300:])
    wav = wav_samples(guest_file("speech-expected.wav", "rb"))
    if not check("speech: `say --output x.wav` is a PCM WAV, 16-bit mono", wav is not None and wav[1:3] == (1, 16),
                 str(wav[:3]) if wav else "not a WAV"):
        return
    rate, _, _, expected = wav
    captured = raw_samples(guest_file("speech.raw", "rb"))
    heard, wanted = sound_span(captured), sound_span(expected)
    if not check("speech: sound came out of the loopback card", heard is not None and wanted is not None,
                 f"{len(captured)} samples captured, arecord: {guest_file('speech.arecord')}"):
        return
    start = heard[0] - wanted[0]
    same = start >= 0 and captured[start:start + len(expected)] == expected
    check("speech: the loopback carried every sample of the speech, in order", same,
          f"{len(expected)} samples expected from index {start}")
    # After the speech: the silence that fills ALSA's last period, then nothing until the
    # board closes the device. There snd-aloop hands the capture side a few timer ticks of
    # its old buffer (4-18 ms seen under emulation, wherever the stream ends, however much
    # silence came before it): the loopback's, not the board's.
    after = captured[start + len(expected):]
    loud = [i for i, s in enumerate(after) if s != 0]
    burst = (loud[-1] - loud[0] + 1) / rate if loud else 0
    check("speech: nothing is heard after it but the loopback's ticks at the stream's close (under 50 ms)",
          burst <= 0.050, f"{len(loud)} non-zero samples over {burst * 1000:.1f} ms, from {loud[0] / rate if loud else 0:.3f} s after")
    heard_s = (sound_span(captured[start:start + len(expected)]) or (0, 0))
    heard_s, wanted_s = (heard_s[1] - heard_s[0]) / rate, (wanted[1] - wanted[0]) / rate
    check("speech: it lasted as long as the speech `say` writes (within 20 ms)", abs(heard_s - wanted_s) <= 0.02,
          f"heard {heard_s:.3f} s, say's WAV {wanted_s:.3f} s")
    played = re.search(r"announcement played \(([0-9.]+) s\)", log)
    check("speech: the board logs the announcement's length",
          bool(played) and abs(float(played.group(1)) - len(expected) / rate) <= 0.051,
          f"{played.group(0) if played else None}; WAV {len(expected) / rate:.2f} s")


def check_uc8179():
    want = BusSequence.from_trace(expected_trace("uc8179"))
    if ran("uc8179-held"):
        check("uc8179-held: the driver was still waiting while BUSY_N read busy",
              (guest_file("uc8179-held.during") or "").strip() == "waiting")
        kernel = kernel_sequence("uc8179-held")
        if kernel:
            compare("uc8179-held", kernel, want, f"SPI bytes, line levels and BUSY waits equal the trace "
                    f"({want.byte_count()} bytes in {len(want.ops)} steps)")
            waits = [op for op in kernel.ops if op[0] == "wait"]
            busy_reads = waits[0][4] if waits else 0
            check("uc8179-held: the first wait polled BUSY_N through the 1.5 s hold",
                  busy_reads >= 10 and (duration("uc8179-held") or 0) >= 1.5,
                  f"{busy_reads} busy reads, {duration('uc8179-held')} s")
            spi_settings("uc8179-held", 4_000_000, trace="uc8179")
    if ran("uc8179-stuck", want=74):
        message = stderr_of("uc8179-stuck")
        line = f"{DEVICES.get('gpio_chip')} line 2 (busy)"
        check("uc8179-stuck: the error names the BUSY line and the timeout",
              line in message and "did not read 1 within 2000 ms" in message, message[:300])
        took = duration("uc8179-stuck") or 0
        check("uc8179-stuck: gave up after the 2 s busy_timeout, not later than 20 s", 2.0 <= took < 20.0,
              f"{took:.2f} s")
        kernel = kernel_sequence("uc8179-stuck")
        if kernel:
            compare("uc8179-stuck", kernel, want.until_first_wait(reads=0),
                    "the kernel saw the trace up to the first BUSY wait, then only busy reads")


# The SSD1306's contrast command as one SMBus I2C block (the event prints the length byte first).
CONTRAST = re.compile(r"smbus_write: i2c-\d+ a=03c f=[0-9a-f]+ c=0 I2C_BLOCK_DATA l=3 \[02-81-([0-9a-f]{2})\]")


def level(lux, low=1.0, high=10_000.0, day=255, night=16):
    """The board's log-scale level, computed here independently of the Swift code."""
    import math
    fraction = min(1.0, max(0.0, (math.log10(max(lux, 0.1)) - math.log10(low)) / (math.log10(high) - math.log10(low))))
    return round(night + (day - night) * fraction)


def check_light(case, bright_lux):
    """The SSD1306's contrast commands (0x81, level) by phase: the sensor's light, then dark
    for 15 s, then light again."""
    ran(case)
    phases, phase = {"bright": [], "dark": [], "again": []}, "bright"
    for line in (guest_file(case + ".ftrace") or "").splitlines():
        if "light dark" in line:
            phase = "dark"
        elif "light bright" in line:
            phase = "again"
        elif (found := CONTRAST.search(line)):
            phases[phase].append(int(found.group(1), 16))
    bright, dark, again = phases["bright"], phases["dark"], phases["again"]
    # The marker goes in just before the registers change: a step down that the board read
    # in the dark but wrote after the marker is still the dark's. A board that kept falling
    # after the light came back leaves `again` empty, which fails below.
    while again and dark and again[0] < dark[-1]:
        dark.append(again.pop(0))
    # The init sequence sends the board's own contrast (207) before the sensor's first level.
    check(f"{case}: the panel's initialisation sends the board's contrast first", bright[:1] == [207], str(bright))
    bright = bright[1:]
    want = level(bright_lux)
    check(f"{case}: the first level sent is {bright_lux:g} lx's ({want}), read from the stub's registers",
          bright[:1] == [want], str(bright))
    check(f"{case}: in the dark the contrast only falls, step by step (smoothed)",
          len(dark) >= 3 and all(a > b for a, b in zip([want] + dark, dark)), str(dark))
    check(f"{case}: no jump straight to 10 lx's level: the first step down is small",
          bool(dark) and dark[0] > level(100), str(dark))
    check(f"{case}: after 15 s of 10 lx the panel is well dimmed", bool(dark) and dark[-1] <= level(120), str(dark))
    check(f"{case}: when the light returns the contrast rises again",
          bool(again) and bool(dark) and all(a < b for a, b in zip([dark[-1]] + again, again)), str(again))


def check_light_vanish():
    """A sensor whose adapter is removed under a running board: logged once, the board runs on,
    and its return is logged once."""
    log = stderr_of("light-vanish")
    check("light-vanish: the adapter was removed while the board ran",
          (guest_file("light-vanish.adapter") or "").strip() == "removed", guest_file("light-vanish.adapter") or "")
    check("light-vanish: the board kept running without its sensor",
          (guest_file("light-vanish.during") or "").strip() == "running", log[-300:])
    lost = [line for line in log.splitlines() if "light sensor: " in line and "until it answers" in line]
    check("light-vanish: the lost sensor is logged once, with the missing adapter",
          len(lost) == 1 and "does not exist" in lost[0], "\n".join(lost) or log[-300:])
    back = [line for line in log.splitlines() if "light sensor recovered" in line]
    check("light-vanish: its return is logged once", len(back) == 1, log[-300:])
    ran("light-vanish")


def report_figures():
    if os.environ.get("KT_FIGURES") != "1":
        return
    text = guest_file("figures") or ""
    check("figures recorded (CPU and memory with and without a sensor)", text.count("cpu_ticks_30s=") == 4, text)
    for line in text.splitlines():
        print("  " + line)


def main():
    guest_log = guest_file("guest.log") or ""
    check("guest ran every case", "cases done" in guest_log and "GUEST_EXIT=0" in guest_log,
          guest_log[-300:])
    for bpp in (32, 16):
        check_framebuffer(f"fb{bpp}", bpp)
    check_panel("ssd1306", i2c_address=0x3C)
    check_ssd1306_run()
    check_panel("sh1106", i2c_address=0x3C)
    check_panel("ht16k33", i2c_address=0x70)
    check_buttons()
    check_speech()
    check_panel("ssd1322", speed_hz=8_000_000)
    check_panel("max7219", speed_hz=1_000_000)
    check_panel("ssd1680", speed_hz=4_000_000)
    check_uc8179()
    check_light("light-veml7700", 2170 * 0.4608)
    check_light("light-tsl2591", 6127 / (100 * 25 / 408))
    check_light_vanish()
    report_figures()
    failed = results.count(False)
    print(f"{len(results) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
