"""A client library for accessing Kubernetes Scheduling Playground API"""

from .client import AuthenticatedClient, Client

__all__ = (
    "AuthenticatedClient",
    "Client",
)
