"""metadata: name, namespace and labels, with ValidateObjectMeta's checks."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scheduler_core.manifests.context import Doc
from scheduler_core.manifests.names import check_annotations, check_labels, dns1123_label_errors

_KNOWN = (
    "name", "namespace", "labels", "uid", "annotations", "generateName", "ownerReferences", "finalizers",
    "creationTimestamp", "deletionTimestamp", "deletionGracePeriodSeconds", "resourceVersion", "generation",
    "managedFields", "selfLink",
)


def read_metadata(doc: Doc, manifest: dict[str, Any], modelled: Sequence[str]) -> tuple[dict[str, Any], dict[str, str]]:
    """Sets doc.name (and doc.namespace when modelled); every other metadata field is noted as ignored."""
    meta = doc.get_map(manifest, "metadata", "")
    doc.name = doc.get_str(meta, "name", "metadata")
    if "namespace" in modelled:
        doc.namespace = doc.get_str(meta, "namespace", "metadata") or "default"
        for msg in dns1123_label_errors(doc.namespace):
            doc.invalid("metadata.namespace", doc.namespace, msg)
    doc.check_keys(meta, "metadata", modelled, [k for k in _KNOWN if k not in modelled])
    labels = doc.get_string_map(meta, "labels", "metadata")
    check_labels(doc, labels, "metadata.labels")
    if "annotations" in meta:  # not modelled, but stored with the scenario: as bounded as the API server's
        check_annotations(doc, doc.get_string_map(meta, "annotations", "metadata"), "metadata.annotations")
    return meta, labels
