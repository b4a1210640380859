from scheduler_core.queue.nominator import Nominator
from scheduler_core.queue.scheduling_queue import PriorityQueue, QueuedPodInfo

__all__ = ["Nominator", "PriorityQueue", "QueuedPodInfo"]
