"""A faithful, deterministic model of kube-scheduler (v1.34 defaults). Imports nothing from Django."""
