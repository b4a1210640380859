"""Django's Redis cache with one connection pool and one client per process.

Django builds a cache backend per thread, and its Redis client a connection pool per backend.
Under ASGI every request's sync code runs in a thread of its own, so each throttle count opened a
new TCP connection to Redis (a class's run start one, each command two with the verdict wait),
and every cache call built a new `redis.Redis` (its table of response callbacks included):
docs/benchmarks.md, classroom. Here every backend of a process shares the pool and the client.
"""
from __future__ import annotations

import threading
from typing import Any

import redis
from django.core.cache.backends import redis as django_redis


class SharedConnectionPool(redis.ConnectionPool):
    _shared: dict[tuple[str, str], redis.ConnectionPool] = {}
    _shared_lock = threading.Lock()

    @classmethod
    def from_url(cls, url: str, **kwargs: Any) -> Any:
        key = (url, repr(sorted(kwargs.items(), key=lambda item: item[0])))
        with cls._shared_lock:
            pool = cls._shared.get(key)
            if pool is None:  # redis-py resets a pool inherited across fork() on first use
                pool = cls._shared[key] = super().from_url(url, **kwargs)
            return pool


class SharedClientRedisCacheClient(django_redis.RedisCacheClient):
    _clients: dict[int, tuple[Any, redis.Redis]] = {}  # by id of the pool, with the pool

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)
        entry = self._clients.get(id(pool))
        if entry is None or entry[0] is not pool:  # a race builds two once; either is right
            entry = self._clients[id(pool)] = (pool, self._client(connection_pool=pool))
        return entry[1]


class RedisCache(django_redis.RedisCache):
    """settings.CACHES' backend in the web server: its pools are shared (a pool per thread would
    also grow SharedClientRedisCacheClient's clients without bound)."""

    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = SharedClientRedisCacheClient
        self._options: dict[str, Any] = {**params.get("OPTIONS", {}), "pool_class": SharedConnectionPool}
