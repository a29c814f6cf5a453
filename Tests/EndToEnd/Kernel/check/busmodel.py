"""One model of panel bus activity, built from either side of the kernel tier.

A JSON-lines trace (what departure-board's trace bus writes) and the guest kernel's trace
events plus the SPI recorder's bytes both become the same list of steps:

  ["gpio", line, level]             an output line changed level (no-op sets are dropped)
  ["bus", key, bytes]               bytes in a row on one bus: key ("spi",) or
                                    ("i2c", address, control byte); runs are merged, so
                                    chunking (spidev's bufsiz, 32-byte SMBus blocks) and
                                    repeated D/C sets do not matter, but order and levels do
  ["wait", line, level, reads, n]   a wait on an input that ended reading `level`; the
                                    kernel side also counts the reads (n of them not `level`)

Lines start at the levels departure-board requests them with: D/C low, RESET high.
"""
import re

INITIAL_LEVELS = {"dc": 0, "reset": 1}
EVENT = re.compile(r"\s(gpio_value|spi_transfer_start|smbus_write): (.*)$")
GPIO = re.compile(r"(\d+) +(set|get) (\d+)")
SPI = re.compile(r"spi(\d+)\.(\d+) \S+ len=(\d+) tx=\[([0-9a-f-]*)\]")
SMBUS = re.compile(r"i2c-(\d+) a=([0-9a-f]+) f=[0-9a-f]+ c=([0-9a-f]+) (\S+) l=(\d+) \[([0-9a-f-]*)\]")


def _hex(text):
    return bytes.fromhex(text.replace("-", ""))


class BusSequence:
    def __init__(self):
        self.ops = []
        self.levels = dict(INITIAL_LEVELS)

    def set_line(self, line, level):
        if self.levels.get(line) != level:
            self.levels[line] = level
            self.ops.append(["gpio", line, level])

    def send(self, key, data):
        last = self.ops[-1] if self.ops else None
        if last and last[0] == "bus" and last[1] == key:
            last[2] += data
        else:
            self.ops.append(["bus", key, bytearray(data)])

    def read_line(self, line, level):
        """One read of an input; consecutive reads of the same line are one wait."""
        last = self.ops[-1] if self.ops else None
        if not (last and last[0] == "wait" and last[1] == line):
            last = ["wait", line, level, 0, 0]
            self.ops.append(last)
        last[2] = level
        last[3] += 1

    def byte_count(self):
        return sum(len(op[2]) for op in self.ops if op[0] == "bus")

    def until_first_wait(self, reads):
        """This sequence cut after its first wait, which instead ends reading `reads`."""
        cut = BusSequence()
        for op in self.ops:
            cut.ops.append(list(op))
            if op[0] == "wait":
                cut.ops[-1][2] = reads
                break
        return cut

    @classmethod
    def from_trace(cls, ops):
        sequence = cls()
        for op in ops:
            kind = op["op"]
            if kind == "gpio":
                sequence.set_line(op["line"], op["value"])
            elif kind == "spi":
                if op["dc"] is not None:
                    sequence.set_line("dc", op["dc"])
                sequence.send(("spi",), bytes.fromhex(op["data"]))
            elif kind == "i2c":
                data = bytes.fromhex(op["data"])
                sequence.send(("i2c", op["addr"], data[0]), data[1:])
            elif kind == "wait":
                sequence.read_line(op["line"], op["value"])
        return sequence

    @classmethod
    def from_kernel(cls, ftrace, spi_bytes, gpio_names):
        """From `trace` text (gpio_value, spi_transfer_start, smbus_write events) and the
        recorder's MOSI bytes; returns the sequence and any inconsistencies found."""
        sequence, problems, cursor = cls(), [], 0
        for line in ftrace.splitlines():
            event = EVENT.search(line)
            if not event:
                continue
            name, body = event.groups()
            if name == "gpio_value":
                number, action, level = GPIO.match(body).groups()
                line_name = gpio_names.get(int(number), "gpio" + number)
                if action == "set":
                    sequence.set_line(line_name, int(level))
                else:
                    sequence.read_line(line_name, int(level))
            elif name == "spi_transfer_start":
                fields = SPI.match(body)
                length, head = int(fields.group(3)), _hex(fields.group(4))
                data = spi_bytes[cursor:cursor + length]
                cursor += length
                if len(data) != length or data[:len(head)] != head:
                    problems.append(f"transfer of {length} bytes at recorder offset {cursor - length} "
                                    f"does not match the event's first bytes {head[:8].hex()}")
                sequence.send(("spi",), data)
            else:
                fields = SMBUS.match(body)
                address, control, protocol = int(fields.group(2), 16), int(fields.group(3), 16), fields.group(4)
                buffer = _hex(fields.group(6))
                if protocol == "I2C_BLOCK_DATA":
                    sequence.send(("i2c", address, control), buffer[1:1 + buffer[0]])
                elif protocol == "BYTE":
                    sequence.send(("i2c", address, control), b"")
                else:
                    problems.append(f"unexpected SMBus protocol {protocol}")
        if cursor != len(spi_bytes):
            problems.append(f"recorder holds {len(spi_bytes)} bytes, the events account for {cursor}")
        # Waits on the kernel side: reads that did not return the final level were busy reads.
        for op in sequence.ops:
            if op[0] == "wait":
                op[4] = op[3] - 1 if op[3] else 0
        return sequence, problems


def _show(op):
    if op is None:
        return "nothing"
    if op[0] == "bus":
        return f"{op[1]} {len(op[2])} bytes {bytes(op[2][:12]).hex()}…"
    return " ".join(str(part) for part in op[:3])


def describe_difference(got, want):
    """None when the step lists agree; otherwise where and how they first differ."""
    for index in range(max(len(got), len(want))):
        a = got[index] if index < len(got) else None
        b = want[index] if index < len(want) else None
        if a is None or b is None or a[:2] != b[:2] or a[2] != b[2]:
            detail = ""
            if a and b and a[0] == "bus" and a[1] == b[1]:
                at = next((i for i, (x, y) in enumerate(zip(a[2], b[2])) if x != y), min(len(a[2]), len(b[2])))
                detail = f" (first differing byte at {at}; {len(a[2])} vs {len(b[2])} bytes)"
            return f"step {index} of {len(got)}/{len(want)}: kernel saw {_show(a)}, trace says {_show(b)}{detail}"
    return None
