"""A faithful, deterministic model of kube-scheduler (v1.34 defaults). Imports nothing from Django."""
from scheduler_core.commands import CommandError
from scheduler_core.config import SchedulerConfig
from scheduler_core.simulation import Simulation

__all__ = ["CommandError", "SchedulerConfig", "Simulation"]
