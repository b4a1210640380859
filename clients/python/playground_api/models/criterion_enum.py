from enum import StrEnum


class CriterionEnum(StrEnum):
    FEWESTPDBVIOLATIONS = "fewestPDBViolations"
    FEWESTVICTIMS = "fewestVictims"
    LATESTSTARTTIME = "latestStartTime"
    LOWESTHIGHESTPRIORITY = "lowestHighestPriority"
    ONLYCANDIDATE = "onlyCandidate"
    RANDOM = "random"
    SMALLESTPRIORITYSUM = "smallestPrioritySum"

    def __str__(self) -> str:
        return str(self.value)
