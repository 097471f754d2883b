"""Voice embeddings: resemblyzer's GE2E encoder, 256-d, loaded lazily on first use.

WAV bytes (or a path) of any sample rate and channel count that soundfile reads are mixed to mono; resemblyzer's
`preprocess_wav` resamples to 16 kHz, normalises the volume and trims long silences. What remains is the speech
the embedding is made of; under MIN_SPEECH_SECONDS of it is refused as too short to identify anyone.
"""

from __future__ import annotations

import io
import threading
from pathlib import Path

import numpy as np

from ..errors import UserError

VOICE_DIM = 256
MODEL_ID = "resemblyzer-ge2e-256"
SAMPLE_RATE = 16000  # resemblyzer's hparams.sampling_rate
MIN_SPEECH_SECONDS = 1.0


def decode_audio(data: bytes | str | Path) -> tuple[np.ndarray, int]:
    """Mono float32 samples and their rate, or a UserError for anything soundfile cannot read."""
    import soundfile

    source = str(data) if isinstance(data, (str, Path)) else io.BytesIO(bytes(data))
    if isinstance(data, (str, Path)) and not Path(data).is_file():
        raise UserError(f"no such audio file: {data}")
    if isinstance(data, (bytes, bytearray, memoryview)) and len(data) == 0:
        raise UserError("the audio is empty")
    try:
        samples, rate = soundfile.read(source, dtype="float32", always_2d=True)
    except Exception as exc:  # soundfile.LibsndfileError, RuntimeError, TypeError on garbage
        reason = str(exc).split(": ")[-1] if isinstance(data, (bytes, bytearray, memoryview)) else str(exc)
        raise UserError(f"the audio could not be decoded (a WAV file is expected): {reason}") from None
    if samples.size == 0:
        raise UserError("the audio holds no samples")
    mono = samples.mean(axis=1).astype(np.float32)
    if not np.all(np.isfinite(mono)):
        raise UserError("the audio holds invalid samples")
    return mono, int(rate)


class VoiceEmbedder:
    """One speaker embedding per utterance. Thread-safe; the encoder is loaded once, on first use."""

    model_id = MODEL_ID
    dim = VOICE_DIM

    def __init__(self, device: str = "cpu", min_speech_seconds: float = MIN_SPEECH_SECONDS):
        self.device = device
        self.min_speech_seconds = min_speech_seconds
        self._encoder = None
        self._load_lock = threading.Lock()
        self._use_lock = threading.Lock()  # torch modules are not documented as safe for concurrent forward passes

    @property
    def loaded(self) -> bool:
        return self._encoder is not None

    def encoder(self):
        if self._encoder is None:
            with self._load_lock:
                if self._encoder is None:
                    from resemblyzer import VoiceEncoder

                    self._encoder = VoiceEncoder(self.device, verbose=False)
        return self._encoder

    def preprocess(self, data: bytes | str | Path) -> np.ndarray:
        """The 16 kHz mono speech of the audio, long silences trimmed."""
        from resemblyzer import preprocess_wav

        samples, rate = decode_audio(data)
        peak = float(np.max(np.abs(samples)))
        if peak == 0.0:
            raise UserError("the audio is silent")
        try:
            wav = preprocess_wav(samples, source_sr=rate)
        except Exception as exc:  # very short or odd input inside librosa / webrtcvad
            raise UserError(f"the audio could not be processed: {exc}") from None
        return np.asarray(wav, dtype=np.float32)

    def embed_wav(self, data: bytes | str | Path) -> tuple[np.ndarray, float]:
        """(a normalised 256-d float32 embedding, seconds of speech it was made from)."""
        wav = self.preprocess(data)
        seconds = len(wav) / SAMPLE_RATE
        if seconds < self.min_speech_seconds:
            raise UserError(
                f"too little speech: {seconds:.2f} s after trimming silence, at least "
                f"{self.min_speech_seconds:.1f} s is needed"
            )
        encoder = self.encoder()
        import torch

        # oneDNN builds a kernel for every new batch shape (an utterance's number of partials): seconds per new
        # length on a small CPU. The plain LSTM is as fast for this small model and has no warm-up.
        with self._use_lock:
            was = torch.backends.mkldnn.enabled
            torch.backends.mkldnn.enabled = False
            try:
                vector = np.asarray(encoder.embed_utterance(wav), dtype=np.float32).reshape(-1)
            finally:
                torch.backends.mkldnn.enabled = was
        norm = float(np.linalg.norm(vector))
        if vector.shape[0] != VOICE_DIM or not np.isfinite(norm) or norm == 0.0:
            raise UserError("the audio gave no usable voice embedding")
        return vector / norm, round(seconds, 3)
