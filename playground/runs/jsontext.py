"""The one JSON text of an event: compact, and refusing NaN/Infinity (they are not JSON). The
worker encodes each event once with it, stores that text (RunEvent.data is text) and publishes it."""
from __future__ import annotations

import json

encode_json = json.JSONEncoder(separators=(",", ":"), allow_nan=False).encode
