"""v1 Namespace → objects.Namespace (cluster-scoped; only name and labels are modelled)."""
from __future__ import annotations

from typing import Any

from scheduler_core.manifests.context import Doc
from scheduler_core.manifests.meta import read_metadata
from scheduler_core.manifests.names import check_name
from scheduler_core.objects import Namespace

_SPEC_UNMODELLED = ("finalizers",)
_STATUS_UNMODELLED = ("phase", "conditions")


def parse_namespace_doc(doc: Doc, manifest: dict[str, Any]) -> Namespace:
    """ValidateNamespace: the name is a DNS-1123 label. The API server then sets the label
    kubernetes.io/metadata.name to the name, over any value given (Namespace.of)."""
    _, labels = read_metadata(doc, manifest, ("name", "labels"))
    check_name(doc, doc.name, "metadata.name", label=True)
    spec = doc.get_map(manifest, "spec", "")
    status = doc.get_map(manifest, "status", "")
    doc.check_keys(spec, "spec", (), _SPEC_UNMODELLED)
    doc.check_keys(status, "status", (), _STATUS_UNMODELLED)
    return Namespace.of(doc.name, labels)
