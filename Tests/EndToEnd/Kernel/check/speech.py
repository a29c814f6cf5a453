"""The voice's checks: what ALSA's loopback card carried against what `say` writes."""
import struct


def wav_samples(data):
    """(rate, channels, bits, samples) of a RIFF/WAVE PCM file; None when it is not one."""
    if not data or len(data) < 12 or data[:4] != b"RIFF" or data[8:12] != b"WAVE":
        return None
    fmt, samples, at = None, None, 12
    while at + 8 <= len(data):
        name, size = data[at:at + 4], struct.unpack("<I", data[at + 4:at + 8])[0]
        body = data[at + 8:at + 8 + size]
        if name == b"fmt ":
            tag, channels, rate, _, _, bits = struct.unpack("<HHIIHH", body[:16])
            fmt = (tag, channels, rate, bits)
        elif name == b"data":
            samples = list(struct.unpack(f"<{len(body) // 2}h", body[:len(body) // 2 * 2]))
        at += 8 + size + (size & 1)
    if fmt is None or samples is None or fmt[0] != 1:
        return None
    return fmt[2], fmt[1], fmt[3], samples


def raw_samples(data):
    return list(struct.unpack(f"<{len(data) // 2}h", data[:len(data) // 2 * 2])) if data else []


def sound_span(samples, floor=64):
    """First and last index of a sample louder than `floor`; None for silence."""
    loud = [i for i, s in enumerate(samples) if abs(s) > floor]
    return (loud[0], loud[-1]) if loud else None
