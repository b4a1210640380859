from scheduler_core.preemption.evaluator import Candidate, Evaluator, PreemptionOutcome

__all__ = ["Candidate", "Evaluator", "PreemptionOutcome"]
