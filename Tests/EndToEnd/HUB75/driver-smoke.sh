#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# Self-check of departure-board-hub75 against the recording stub: builds it with
# build-stub-driver.sh into a temporary directory, then a small python3 client
# speaks the protocol (deploy/hub75/PROTOCOL.md) over all three start modes and
# checks the replies, the exit statuses, calls.jsonl and latest.ppm.
# Prints one line per check; exits 0 only when every check passes.
#   env: KEEP=1 keeps the temporary directory for a look afterwards.
set -euo pipefail

here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/hub75-smoke.XXXXXX")
cleanup() {
    if [[ ${KEEP:-0} == 1 ]]; then echo "kept $work"; else rm -rf -- "$work"; fi
}
trap cleanup EXIT

"$here/build-stub-driver.sh" "$work/bin" "$work/default-record"
mkdir -p "$work/default-record"

python3 - "$work/bin/departure-board-hub75" "$work" <<'PYTHON'
import json, os, signal, socket, struct, subprocess, sys, time

DRIVER, WORK = sys.argv[1], sys.argv[2]
CONFIGURE, FRAME, BRIGHTNESS, BLANK = 0x01, 0x02, 0x03, 0x04
READY, ERROR, SHOWN, OK = 0x81, 0x82, 0x83, 0x84
TIMEOUT = 10
failures = []


def check(name, condition, detail=""):
    print(("ok     " if condition else "FAILED ") + name + ("" if condition else f"  ({detail})"))
    if not condition:
        failures.append(name)


# --- the protocol ---------------------------------------------------------------

def message(kind, payload=b""):
    return struct.pack(">IB", len(payload) + 1, kind) + payload


def receive_exactly(sock, n):
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            return None
        data += chunk
    return data


def receive(sock):
    """(type, payload), or None when the driver closed the link."""
    head = receive_exactly(sock, 4)
    if head is None:
        return None
    body = receive_exactly(sock, struct.unpack(">I", head)[0])
    return None if body is None else (body[0], body[1:])


def configuration(**keys):
    return "".join(f"{k}={v}\n" for k, v in keys.items()).encode()


def frame(seq, width, height, pixels):
    return message(FRAME, struct.pack(">IHH", seq, width, height) + pixels)


def picture(width, height, seed):
    return bytes((x * 4 + seed, y * 8 + seed, (x ^ y) + seed * 3)[c] % 256
                 for y in range(height) for x in range(width) for c in range(3))


def fnv1a(data):
    h = 0xcbf29ce484222325
    for b in data:
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


# --- running the driver ---------------------------------------------------------

def record_dir(name, control=None):
    path = os.path.join(WORK, name)
    os.makedirs(path, exist_ok=True)
    for file, text in (control or {}).items():
        with open(os.path.join(path, file), "w") as f:
            f.write(text)
    return path


def listen(name, control=None):
    """Starts the driver with --listen; returns (process, connected socket, record dir)."""
    records = record_dir(name, control)
    path = os.path.join(WORK, name + ".sock")
    env = dict(os.environ, HUB75_STUB_RECORD_DIR=records)
    process = subprocess.Popen([DRIVER, "--listen", path], env=env, stderr=subprocess.PIPE)
    deadline = time.time() + TIMEOUT
    while not os.path.exists(path):
        if time.time() > deadline or process.poll() is not None:
            raise SystemExit(f"the driver did not create {path}")
        time.sleep(0.01)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(TIMEOUT)
    # The file appears at bind(), a moment before listen(): refused until then.
    while True:
        try:
            sock.connect(path)
            break
        except ConnectionRefusedError:
            if time.time() > deadline or process.poll() is not None:
                process.kill()
                raise
            time.sleep(0.01)
    return process, sock, records, path


def finish(process, sock=None):
    if sock is not None:
        sock.close()
    try:
        status = process.wait(TIMEOUT)
    except subprocess.TimeoutExpired:
        process.kill()
        status = "timeout"
    stderr = process.stderr.read().decode(errors="replace") if process.stderr else ""
    return status, stderr


def calls(records):
    path = os.path.join(records, "calls.jsonl")
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [json.loads(line) for line in f]


def names(records):
    return [c["call"] for c in calls(records)]


def read_ppm(records):
    with open(os.path.join(records, "latest.ppm"), "rb") as f:
        data = f.read()
    parts = data.split(b"\n", 3)
    return parts[0], int(parts[1].split()[0]), int(parts[1].split()[1]), parts[2], parts[3]


def configure(sock, **keys):
    keys = {"width": 64, "height": 32, "rows": 32, "cols": 64, **keys}
    sock.sendall(message(CONFIGURE, configuration(**keys)))
    return receive(sock)


def expect_error(name, setup, status_wanted, text_part, control=None):
    """Runs setup(sock) and expects ERROR naming text_part, then exit status_wanted."""
    process, sock, records, _ = listen(name, control)
    reply = setup(sock)
    status, stderr = finish(process, sock)
    check(f"{name}: ERROR reply", reply is not None and reply[0] == ERROR, reply)
    text = reply[1].decode() if reply else ""
    check(f"{name}: the error says '{text_part}'", text_part in text, text)
    check(f"{name}: exit {status_wanted}", status == status_wanted, f"{status}; {stderr}")
    check(f"{name}: the reason is on stderr", "departure-board-hub75: " in stderr, stderr)
    return records


BLACK = fnv1a(bytes(64 * 32 * 3))

# --- 1. the happy path over --listen ----------------------------------------------

process, sock, records, path = listen("main")
reply = configure(sock, hardware_mapping="adafruit-hat", gpio_slowdown=2, brightness=80,
                  pwm_bits=9, hardware_pulse=0, pixel_mapper="Rotate:180")
check("READY after CONFIGURE", reply == (READY, struct.pack(">HH", 64, 32)), reply)
first, second = picture(64, 32, 1), picture(64, 32, 7)
sock.sendall(frame(1, 64, 32, first))
check("SHOWN 1", receive(sock) == (SHOWN, struct.pack(">I", 1)))
sock.sendall(frame(0xFFFFFFFE, 64, 32, second))
check("SHOWN echoes the sequence number", receive(sock) == (SHOWN, struct.pack(">I", 0xFFFFFFFE)))
magic, w, h, depth, pixels = read_ppm(records)
check("latest.ppm is the second frame", (magic, w, h, depth, pixels) == (b"P6", 64, 32, b"255", second))
sock.sendall(message(BRIGHTNESS, bytes([50])))
check("OK for BRIGHTNESS", receive(sock) == (OK, bytes([BRIGHTNESS])))
sock.sendall(message(BRIGHTNESS, bytes([0])) + message(BRIGHTNESS, bytes([200])))
check("OK for BRIGHTNESS 0 and 200", receive(sock) == (OK, bytes([BRIGHTNESS])) and
      receive(sock) == (OK, bytes([BRIGHTNESS])))
sock.sendall(message(BLANK))
check("OK for BLANK", receive(sock) == (OK, bytes([BLANK])))
check("latest.ppm is dark after BLANK", read_ppm(records)[4] == bytes(64 * 32 * 3))
sock.sendall(frame(3, 64, 32, first))
check("a FRAME after BLANK shows again", receive(sock) == (SHOWN, struct.pack(">I", 3)))
status, stderr = finish(process, sock)
check("exit 0 when the link ends", status == 0, f"{status}; {stderr}")
check("--listen removed its socket", not os.path.exists(path))

log = calls(records)
check("every record has pid and call", all("pid" in c and "call" in c for c in log))
check("one process wrote the records", len({c["pid"] for c in log}) == 1)
check("the calls in order", [c["call"] for c in log] == [
    "create", "offscreen", "set_image", "swap", "set_image", "swap", "brightness", "brightness",
    "brightness", "clear", "swap", "set_image", "swap", "clear", "swap", "delete"], [c["call"] for c in log])
create = log[0]
wanted = {"rows": 32, "cols": 64, "chain_length": 0, "parallel": 0, "hardware_mapping": "adafruit-hat",
          "gpio_slowdown": 2, "brightness": 80, "pwm_bits": 9, "disable_hardware_pulsing": True,
          "pixel_mapper_config": "Rotate:180", "led_rgb_sequence": None, "panel_type": None,
          "inverse_colors": False, "show_refresh_rate": False, "daemon": 0, "drop_privileges": 1,
          "do_gpio_init": True, "drop_priv_user": None, "drop_priv_group": None}
check("create got the options", all(create.get(k, "absent") == v for k, v in wanted.items()),
      {k: create.get(k, "absent") for k in wanted})
check("create lists every option field", {"pwm_lsb_nanoseconds", "pwm_dither_bits", "scan_mode",
      "row_address_type", "multiplexing", "limit_refresh_rate_hz", "disable_busy_waiting"} <= create.keys())
images = [c for c in log if c["call"] == "set_image"]
check("set_image covers the canvas", all((c["x"], c["y"], c["width"], c["height"], c["bytes"]) ==
      (0, 0, 64, 32, 6144) for c in images), images)
swaps = [c for c in log if c["call"] == "swap"]
check("swaps count from 1", [c["frame"] for c in swaps] == [1, 2, 3, 4, 5], swaps)
check("swap hashes are the frames", [c["fnv1a"] for c in swaps] ==
      [fnv1a(first), fnv1a(second), BLACK, fnv1a(first), BLACK], [c["fnv1a"] for c in swaps])
check("brightness values clamped", [c["value"] for c in log if c["call"] == "brightness"] == [50, 1, 100])
check("latest.ppm is dark after the link ended", read_ppm(records)[4] == bytes(64 * 32 * 3))

# --- 2. a truncated FRAME is never applied -----------------------------------------

process, sock, records, _ = listen("truncated")
configure(sock)
sock.sendall(frame(1, 64, 32, first))
receive(sock)
whole = frame(2, 64, 32, second)
sock.sendall(whole[: len(whole) // 2])
time.sleep(0.2)
status, stderr = finish(process, sock)
check("truncated: exit 0", status == 0, f"{status}; {stderr}")
check("truncated: said so on stderr", "middle of a message" in stderr, stderr)
check("truncated: no set_image or swap for it", names(records) ==
      ["create", "offscreen", "set_image", "swap", "clear", "swap", "delete"], names(records))
check("truncated: the half frame never reached latest.ppm",
      [c["fnv1a"] for c in calls(records) if c["call"] == "swap"] == [fnv1a(first), BLACK])

# --- 3. protocol errors --------------------------------------------------------------

expect_error("wrong-size FRAME", lambda s: (configure(s), s.sendall(frame(5, 32, 16, picture(32, 16, 2))),
             receive(s))[2], 65, "32×16")
records = os.path.join(WORK, "wrong-size FRAME")
check("wrong-size FRAME: nothing drawn", "set_image" not in names(records), names(records))
expect_error("short FRAME pixels", lambda s: (configure(s), s.sendall(frame(5, 64, 32, first[:-3])),
             receive(s))[2], 65, "pixel bytes")
expect_error("message before CONFIGURE", lambda s: (s.sendall(message(BLANK)), receive(s))[1],
             65, "first message must be CONFIGURE")
expect_error("second CONFIGURE", lambda s: (configure(s), configure(s))[1], 65, "only once")
expect_error("unknown type", lambda s: (configure(s), s.sendall(message(0x7F)), receive(s))[2],
             65, "0x7f")
expect_error("zero length", lambda s: (s.sendall(struct.pack(">I", 0)), receive(s))[1], 65, "length")
expect_error("length over 16 MiB", lambda s: (s.sendall(struct.pack(">IB", 16 * 1024 * 1024 + 1, FRAME)),
             receive(s))[1], 65, "length")
expect_error("BRIGHTNESS of 2 bytes", lambda s: (configure(s), s.sendall(message(BRIGHTNESS, b"\x01\x02")),
             receive(s))[2], 65, "1 byte")

# --- 4. configuration errors -------------------------------------------------------------

records = expect_error("unknown key", lambda s: configure(s, led_fancy=1), 78, "led_fancy")
check("unknown key: no matrix created", names(records) == [], names(records))
expect_error("missing height", lambda s: (s.sendall(message(CONFIGURE, b"width=64\n")), receive(s))[1],
             78, "height")
expect_error("bad number", lambda s: configure(s, rows="32x"), 78, "rows")
expect_error("brightness out of range", lambda s: configure(s, brightness=101), 78, "brightness")
expect_error("size mismatch", lambda s: configure(s, cols=32), 78,
             "the options make a 32×32 matrix; the board draws 64×32")
records = expect_error("unknown pixel mapper", lambda s: configure(s, pixel_mapper="Twist"), 74, "refused")
check("unknown pixel mapper: create was called", names(records) == ["create"], names(records))
expect_error("refused create", lambda s: configure(s), 74, "refused", {"refuse-create": ""})

# --- 5. pixel mappers make the canvas size ------------------------------------------------

for mapper, keys, size in (("U-mapper", {"chain_length": 2}, (64, 64)),
                           ("Rotate:270;Mirror:H", {}, (32, 64)),
                           ("V-mapper", {"chain_length": 2}, (64, 64))):
    process, sock, records, _ = listen("mapper")
    reply = configure(sock, width=size[0], height=size[1], pixel_mapper=mapper, **keys)
    check(f"{mapper} makes {size[0]}×{size[1]}", reply == (READY, struct.pack(">HH", *size)), reply)
    finish(process, sock)

# --- 6. the stub's abort paths ------------------------------------------------------------

process, sock, records, _ = listen("abort-after", {"abort-after": "2\n"})
configure(sock)
sock.sendall(frame(1, 64, 32, first))
check("abort-after: frame 1 shown", receive(sock) == (SHOWN, struct.pack(">I", 1)))
sock.sendall(frame(2, 64, 32, second))
check("abort-after: no reply to frame 2", receive(sock) is None)
status, stderr = finish(process, sock)
check("abort-after: died by SIGABRT", status == -signal.SIGABRT, f"{status}; {stderr}")
check("abort-after: recorded the abort before showing",
      [c for c in calls(records) if c["call"] in ("swap", "abort")][-1].get("frame") == 2 and
      names(records)[-1] == "abort", names(records))
check("abort-after: latest.ppm is still frame 1", read_ppm(records)[4] == first)

process, sock, records, _ = listen("fail-create", {"fail-create": ""})
reply = configure(sock)
status, stderr = finish(process, sock)
check("fail-create: no reply", reply is None, reply)
check("fail-create: died by SIGABRT", status == -signal.SIGABRT, status)
check("fail-create: says /dev/pio0", "stub: cannot open /dev/pio0" in stderr, stderr)
check("fail-create: recorded create first", names(records) == ["create"], names(records))

# --- 7. SIGTERM darkens the panel ----------------------------------------------------------

process, sock, records, _ = listen("sigterm")
configure(sock)
sock.sendall(frame(1, 64, 32, first))
receive(sock)
process.send_signal(signal.SIGTERM)
status, stderr = finish(process, sock)
check("SIGTERM: exit 0", status == 0, f"{status}; {stderr}")
check("SIGTERM: dark, then delete", names(records)[-3:] == ["clear", "swap", "delete"], names(records))

# --- 8. --link-fd with an empty environment (the compile-time record dir) -----------------

default_records = os.path.join(WORK, "default-record")
ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
ours.settimeout(TIMEOUT)
process = subprocess.Popen([DRIVER, "--link-fd", str(theirs.fileno())], pass_fds=[theirs.fileno()],
                           env={}, stderr=subprocess.PIPE)
theirs.close()
check("--link-fd: READY", configure(ours) == (READY, struct.pack(">HH", 64, 32)))
ours.sendall(frame(9, 64, 32, second))
check("--link-fd: SHOWN", receive(ours) == (SHOWN, struct.pack(">I", 9)))
status, stderr = finish(process, ours)
check("--link-fd: exit 0", status == 0, f"{status}; {stderr}")
check("--link-fd: recorded in the compile-time directory",
      names(default_records)[:4] == ["create", "offscreen", "set_image", "swap"], names(default_records))

# --- 9. systemd socket activation ------------------------------------------------------------

activation_records = record_dir("activation")
listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
socket_path = os.path.join(WORK, "activation.sock")
listener.bind(socket_path)
listener.listen(1)
fd = listener.fileno()
assert fd < 10, "the shell below takes a one-digit descriptor"
move = "" if fd == 3 else f"exec 3<&{fd} {fd}<&-; "
process = subprocess.Popen(["sh", "-c", move + 'LISTEN_PID=$$ LISTEN_FDS=1 exec "$0"', DRIVER],
                           pass_fds=[fd], env=dict(os.environ, HUB75_STUB_RECORD_DIR=activation_records),
                           stderr=subprocess.PIPE)
sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
sock.settimeout(TIMEOUT)
sock.connect(socket_path)
check("activation: READY", configure(sock) == (READY, struct.pack(">HH", 64, 32)))
status, stderr = finish(process, sock)
check("activation: exit 0 after one connection", status == 0, f"{status}; {stderr}")
check("activation: the listening socket stays (it is systemd's)", os.path.exists(socket_path))
listener.close()

process = subprocess.Popen(["sh", "-c", 'LISTEN_PID=1 LISTEN_FDS=1 exec "$0"', DRIVER],
                           stderr=subprocess.PIPE)
status, stderr = finish(process)
check("activation for another pid: usage, exit 64", status == 64 and "Usage:" in stderr, f"{status}; {stderr}")
process = subprocess.Popen([DRIVER], stderr=subprocess.PIPE, env={})
status, stderr = finish(process)
check("no arguments, no activation: usage, exit 64", status == 64 and "Usage:" in stderr, f"{status}; {stderr}")
version = subprocess.run([DRIVER, "--version"], capture_output=True, text=True)
check("--version", version.returncode == 0 and version.stdout == "departure-board-hub75 1\n", version)

print(f"{len(failures)} failed" if failures else "all checks passed")
sys.exit(1 if failures else 0)
PYTHON
