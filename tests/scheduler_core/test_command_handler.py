"""The command handler's table of effects covers the command schema exactly."""
from __future__ import annotations

from scheduler_core.command_handler import _EFFECTS
from scheduler_core.commands import COMMAND_FIELDS


def test_every_command_type_has_exactly_one_effect() -> None:
    """A type added to COMMAND_FIELDS without an effect would fail at its first use; here, at once."""
    assert set(_EFFECTS) == set(COMMAND_FIELDS)
