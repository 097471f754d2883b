"""Recording a voice sample from the microphone with sounddevice (PortAudio), which may be missing: then
`unavailable()` says why in a sentence and enrollment from WAV files still works."""

from __future__ import annotations

import io
import wave

RATE = 16_000


def _sounddevice():
    try:
        import sounddevice
    except ImportError:
        raise MicrophoneUnavailable("the sounddevice library is not installed") from None
    except OSError as exc:  # the library is there, PortAudio is not
        raise MicrophoneUnavailable(
            f"the sounddevice library cannot load PortAudio ({exc}); install the "
            "system's PortAudio package (libportaudio2)"
        ) from None
    return sounddevice


class MicrophoneUnavailable(RuntimeError):
    pass


def unavailable() -> str | None:
    """None when a microphone can record; otherwise why not."""
    try:
        sd = _sounddevice()
        device = sd.query_devices(kind="input")
        if not device or device.get("max_input_channels", 0) < 1:
            return "no microphone (input device) was found"
    except MicrophoneUnavailable as exc:
        return str(exc)
    except Exception as exc:  # noqa: BLE001 - PortAudio reports a missing default device as an error
        return f"no microphone (input device) was found: {exc}"
    return None


def record_wav(seconds: float) -> bytes:
    """Record mono 16 kHz audio from the default input; the WAV file's bytes."""
    reason = unavailable()
    if reason:
        raise MicrophoneUnavailable(reason)
    sd = _sounddevice()
    frames = sd.rec(int(seconds * RATE), samplerate=RATE, channels=1, dtype="int16")
    sd.wait()
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames.tobytes())
    return out.getvalue()
