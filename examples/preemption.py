"""docs/api.md's ten lines: two full nodes, a low and a high PriorityClass, one high pod; who is preempted?"""
from playground_client import Playground, node, pod, priority_class

cluster = [priority_class("low", 10), priority_class("high", 1000), node("a", cpu="2"), node("b", cpu="2"),
           pod("batch-1", cpu="1", priority_class="low", node="a"),
           pod("batch-2", cpu="1", priority_class="low", node="a"),
           pod("batch-3", cpu="2", priority_class="low", node="b"),
           pod("urgent", cpu="2", priority_class="high")]
for p in Playground().play(cluster).preemptions:
    print(f"{p.preemptor} preempted {', '.join(p.victims)} on {p.node} ({p.criterion})")
