"""Every run as a small Kubernetes API server (/k8s/runs/<id>/): kubectl and client libraries work unchanged.

Reads fold the run's event log (the same fold the run view uses) into API objects; writes become
run commands through playground.runs.services.submit_command (see writes.py). docs/kubectl.md.
"""
