"""Events as each component records them — for the Kubernetes API view only: the run's own event
log (one `k8s.event` per occurrence) is left as it is.

kube-scheduler records through client-go's tools/events (events.k8s.io/v1, event_broadcaster.go):
an occurrence isomorphic to one still in the broadcaster's cache (getKey: type, action, reason,
reportingController, reportingInstance, regarding and related — resourceVersion included) is no
new Event: the second one writes `series {count: 2, lastObservedTime}`, later ones only count in
the cache, written by refreshExistingEventSeries (every 30 min) or finishSeries (every 6 min, once
the series has been quiet for 6 min, which also forgets it; a singleton is forgotten 6 min after it).

The controllers record through tools/record (core/v1, events_cache.go EventCorrelate): the
aggregator (more than 9 messages of one reason about one object within 10 min become one
"(combined from similar events): …" Event), the logger (an identical event is the same Event with
`count` + 1 and a new `lastTimestamp`) and the spam filter (25 events per source and object, then
one per 5 min; a filtered one still counts in the logger).

Virtual time is the components' clock; the broadcaster's timers start at virtual 0.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scheduler_core.manifests.kinds import API_VERSIONS

SCHEDULER = "default-scheduler"
SCHEDULER_INSTANCE = f"{SCHEDULER}-playground"  # NewRecorder: reportingController + "-" + hostname
EVENTS_API = "events.k8s.io/v1"
CORE_API = "v1"
# Each controller's EventSource.Component (pkg/controller/...: NewRecorder(scheme, v1.EventSource{...})).
COMPONENTS = {"Deployment": "deployment-controller", "ReplicaSet": "replicaset-controller",
              "StatefulSet": "statefulset-controller", "DaemonSet": "daemonset-controller",
              "Job": "job-controller", "PodDisruptionBudget": "controllermanager"}
FINISH_SECONDS = 6 * 60.0  # tools/events finishTime
REFRESH_SECONDS = 30 * 60.0  # tools/events refreshTime
AGGREGATE_MAX_EVENTS = 10  # tools/record defaultAggregateMaxEvents
AGGREGATE_INTERVAL_SECONDS = 600.0
SPAM_BURST = 25  # defaultSpamBurst
SPAM_QPS = 1.0 / 300.0  # defaultSpamQPS
COMBINED_PREFIX = "(combined from similar events): "
# The run's events after which a pod's API object differs (its resourceVersion moves).
POD_CHANGES = ("pod.added", "pod.nominated", "pod.nominationCleared", "pod.bound", "pod.terminating")


@dataclass
class Recorded:
    """One Event object as the API server stores it after its last write."""

    namespace: str
    name: str
    api: str  # the group it was written through: events.k8s.io/v1 (the scheduler) or v1 (a controller)
    created: float  # virtual time of the create: metadata.creationTimestamp
    nanos: float  # the recorder's clock when it made the event (its name's hex part)
    written: int  # run event seq of the last write: metadata.resourceVersion
    type: str
    reason: str
    message: str
    regarding: dict[str, Any]
    controller: str  # reportingController / reportingComponent
    instance: str
    action: str = ""
    related: dict[str, Any] | None = None
    source: dict[str, str] = field(default_factory=dict)
    event_time: float | None = None  # events.k8s.io
    series: tuple[int, float] | None = None  # (count, lastObservedTime)
    first: float | None = None  # core/v1: firstTimestamp, lastTimestamp, count
    last: float | None = None
    count: int = 0

    @property
    def key(self) -> str:
        return f"{self.namespace}/{self.name}"


@dataclass
class _Cached:
    """An eventCache entry of the scheduler's broadcaster: the Event it is, and its series so far."""

    record: str  # Recorded.key
    event_time: float
    series: tuple[int, float] | None = None


@dataclass
class _Aggregate:
    messages: list[str]
    last: float


@dataclass
class _Log:
    count: int
    first: float
    name: str


@dataclass
class _Bucket:
    tokens: float
    last: float


class Recorders:
    """Both recorders' caches and the Event objects they wrote, fed the run's events in order."""

    def __init__(self, origin: float = 0.0) -> None:
        self.origin = origin  # Unix time of virtual 0 for Event names (the run's creation)
        self.events: dict[str, Recorded] = {}
        self.changed: set[str] = set()  # Event keys written by the last observe/advance
        self.time = 0.0
        self._isomorphic: dict[tuple[Any, ...], _Cached] = {}
        self._next_finish = 0.0
        self._next_refresh = 0.0
        self._aggregates: dict[tuple[str, ...], _Aggregate] = {}
        self._logs: dict[tuple[str, ...], _Log] = {}
        self._spam: dict[tuple[str, ...], _Bucket] = {}
        self._versions: dict[str, int] = {}  # "Kind/ns/name" -> seq of the object's last change
        self._queued_versions: dict[str, int] = {}  # pods: the version the scheduler's queue held before binding
        self._uids: dict[str, str] = {}  # pod key -> uid (pod.added)

    # ---- feeding --------------------------------------------------------------------------

    def observe(self, event: dict[str, Any], uid_of: Any, last_failure: str | None) -> None:
        """One event of the run's log: the timers due before it, then what it records or changes.
        ``uid_of(kind, key)``: the object's uid; ``last_failure``: the pod's PodScheduled message so far."""
        self.changed = set()
        t = float(event.get("t") or 0.0)
        self._timers(t, event["seq"] - 1)
        kind = event["kind"]
        if kind == "k8s.event":
            self._record(event, t, uid_of)
            if event.get("reason") == "FailedScheduling" and event.get("message") != last_failure:
                self._versions[f"Pod/{event['object']}"] = event["seq"]  # updatePod writes the new condition
        elif kind in POD_CHANGES:
            key = event["pod"]["key"] if kind == "pod.added" else event["pod"]
            if kind == "pod.added":
                self._uids[key] = event["pod"].get("uid") or ""
            if kind == "pod.bound":
                self._queued_versions[key] = self._versions.get(f"Pod/{key}", 1)
            self._versions[f"Pod/{key}"] = event["seq"]
        elif kind == "command.applied" and event["command"].get("type") in ("set_pod_labels", "set_pod_annotations"):
            self._versions[f"Pod/{event['command']['pod']}"] = event["seq"]
        elif kind == "workload.updated":
            self._versions[event["workload"]["key"]] = event["seq"]
        elif kind in ("pdb.added", "pdb.updated"):
            key = event["pdb"]["key"] if kind == "pdb.added" else event["pdb"]
            self._versions[f"PodDisruptionBudget/{key}"] = event["seq"]

    def advance(self, now: float, seq: int) -> None:
        """The broadcaster's timers up to `now` (a read after the last event)."""
        self.changed = set()
        self._timers(now, seq)

    def pod_uid(self, key: str) -> str | None:
        return self._uids.get(key)

    # ---- kube-scheduler: tools/events -------------------------------------------------------

    def _timers(self, until: float, seq: int) -> None:
        """wait.Until(refreshExistingEventSeries, 30m) and wait.Until(finishSeries, 6m), from virtual 0."""
        while min(self._next_refresh, self._next_finish) <= until:
            if self._next_refresh <= self._next_finish:
                self._refresh(seq)
                self._next_refresh += REFRESH_SECONDS
            else:
                self._finish(self._next_finish, seq)
                self._next_finish += FINISH_SECONDS
        self.time = max(self.time, until)

    def _refresh(self, seq: int) -> None:
        for cached in self._isomorphic.values():
            if cached.series is not None:
                self._write_series(cached, seq)

    def _finish(self, now: float, seq: int) -> None:
        for key, cached in list(self._isomorphic.items()):
            if cached.series is not None and cached.series[1] < now - FINISH_SECONDS:
                self._write_series(cached, seq)
                del self._isomorphic[key]
            elif cached.series is None and cached.event_time < now - FINISH_SECONDS:
                del self._isomorphic[key]

    def _write_series(self, cached: _Cached, seq: int) -> None:
        """recordEvent of a series: a patch of `series` (the Event is never gone: no TTL here)."""
        record = self.events[cached.record]
        if record.series != cached.series:
            record.series, record.written = cached.series, seq
            self.changed.add(record.key)

    def _scheduler_event(self, event: dict[str, Any], t: float, uid_of: Any) -> None:
        regarding = self._pod_ref(event["object"], uid_of, before_binding=event["reason"] == "Scheduled")
        related = self._pod_ref(event["related"], uid_of) if event.get("related") else None
        action = event.get("action") or ""
        key = (event["type"], action, event["reason"], SCHEDULER, SCHEDULER_INSTANCE, _frozen(regarding),
               _frozen(related))
        cached = self._isomorphic.get(key)
        if cached is not None and cached.series is not None:
            cached.series = (cached.series[0] + 1, t)  # counted in the cache only
        elif cached is not None:
            cached.series = (2, t)
            self._write_series(cached, event["seq"])
        else:
            record = Recorded(regarding["namespace"], "", EVENTS_API, t, t, event["seq"], event["type"],
                              event["reason"], event["message"], regarding, SCHEDULER, SCHEDULER_INSTANCE,
                              action=action, related=related, event_time=t)
            self._create(record, event["seq"])
            self._isomorphic[key] = _Cached(record.key, t)

    def _pod_ref(self, key: str, uid_of: Any, before_binding: bool = False) -> dict[str, Any]:
        """reference.GetReference of the pod as the scheduler held it."""
        namespace, name = key.split("/", 1)
        versions = self._queued_versions if before_binding and key in self._queued_versions else self._versions
        version = versions.get(f"Pod/{key}", 1)
        return {"kind": "Pod", "namespace": namespace, "name": name, "uid": uid_of("Pod", key),
                "apiVersion": "v1", "resourceVersion": str(version)}

    # ---- controllers: tools/record --------------------------------------------------------

    def _record(self, event: dict[str, Any], t: float, uid_of: Any) -> None:
        kind = event.get("objectKind") or "Pod"
        if kind not in COMPONENTS:
            self._scheduler_event(event, t, uid_of)
            return
        namespace, name = event["object"].split("/", 1)
        involved = {"kind": kind, "namespace": namespace, "name": name, "uid": uid_of(kind, event["object"]),
                    "apiVersion": API_VERSIONS[kind],
                    "resourceVersion": str(self._versions.get(f"{kind}/{event['object']}", 1))}
        self._correlate(involved, COMPONENTS[kind], event["type"], event["reason"], event["message"], t,
                        event["seq"])

    def _correlate(self, involved: dict[str, Any], component: str, type_: str, reason: str, message: str,
                   t: float, seq: int) -> None:
        """EventCorrelate: aggregate, observe (count), then the spam filter decides whether it is written."""
        obj = (component, "", involved["kind"], involved["namespace"], involved["name"], involved["uid"],
               involved["apiVersion"])
        aggregate_key = (*obj, type_, reason, component, "")
        aggregate = self._aggregates.get(aggregate_key)
        if aggregate is None or t - aggregate.last > AGGREGATE_INTERVAL_SECONDS:
            aggregate = self._aggregates[aggregate_key] = _Aggregate([], t)
        if message not in aggregate.messages:
            aggregate.messages.append(message)
        aggregate.last = t
        controller, instance, key = component, "", (*obj, "", type_, reason, message)
        if len(aggregate.messages) >= AGGREGATE_MAX_EVENTS:
            aggregate.messages.pop(0)  # PopAny: upstream drops an arbitrary one; here the oldest
            message, controller, key = COMBINED_PREFIX + message, "", aggregate_key
        log = self._logs.get(key)
        log = _Log(1, t, "") if log is None else _Log(log.count + 1, log.first, log.name)
        accepted = self._accept(obj, t)
        record = self.events.get(f"{involved['namespace']}/{log.name}") if log.name else None
        if record is None:
            record = Recorded(involved["namespace"], log.name, CORE_API, t, t, seq, type_, reason, message,
                              involved, controller, instance, source={"component": component}, first=log.first,
                              last=t, count=log.count)
        self._logs[key] = log
        if not accepted:
            if not log.name:
                log.name = _name(record, self.origin)  # the name the logger remembers, though nothing was written
            return
        if record.key in self.events:  # the logger's patch: count, lastTimestamp, message
            record.count, record.last, record.message, record.written = log.count, t, message, seq
            self.changed.add(record.key)
        else:
            self._create(record, seq)
            log.name = record.name

    def _accept(self, obj: tuple[str, ...], t: float) -> bool:
        """EventSourceObjectSpamFilter: a token bucket (burst 25, 1/300 s) per source and object."""
        bucket = self._spam.get(obj) or _Bucket(float(SPAM_BURST), t)
        tokens = min(float(SPAM_BURST), bucket.tokens + (t - bucket.last) * SPAM_QPS)
        if tokens < 1.0:
            self._spam[obj] = bucket
            return False
        self._spam[obj] = _Bucket(tokens - 1.0, t)
        return True

    def _create(self, record: Recorded, seq: int) -> None:
        if not record.name:
            record.name = _name(record, self.origin)
        record.written = seq
        self.events[record.key] = record
        self.changed.add(record.key)


def _name(record: Recorded, origin: float) -> str:
    """makeEvent: <object name>.<the recorder's clock in hex Unix nanoseconds>; the clock here is the
    run's creation plus virtual time, plus the run event's seq to stay unique within the run."""
    return f"{record.regarding['name']}.{int((origin + record.nanos) * 1e9) + record.written:x}"


def _frozen(ref: dict[str, Any] | None) -> tuple[tuple[str, Any], ...] | None:
    return None if ref is None else tuple(sorted(ref.items()))
