"""Settings come from the environment only (12-factor); defaults suit one laptop."""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from kombu import Queue

from playground import local_postgres, reach, secret_key
from playground.delivery import asset_headers
from playground.k8sapi import redact

BASE_DIR = Path(__file__).resolve().parent.parent
RUN_DIR = local_postgres.run_dir()


def env_bool(name: str, default: bool) -> bool:
    return os.environ.get(name, str(default)).lower() in ("1", "true", "yes", "on")


def env_int(name: str, default: int) -> int:
    return int(os.environ.get(name) or default)


SECRET_KEY = os.environ.get("SECRET_KEY", "").strip() or secret_key.checkout_key(RUN_DIR)  # else kept in .run/
DEBUG = env_bool("DEBUG", False)

def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


# Where students reach the playground (playground/reach.py, docs/deploy.md): PUBLIC_URL when hosted
# behind a proxy; this machine's addresses when `make run` listens beyond loopback (HOST=0.0.0.0,
# whose PORT scripts/run.py passes on). ALLOWED_HOSTS and CSRF_TRUSTED_ORIGINS add to what follows.
try:
    REACH = reach.reach(os.environ.get("PUBLIC_URL", ""), os.environ.get("HOST", "127.0.0.1"), env_int("PORT", 8000))
except reach.BadPublicUrl as exc:
    raise ImproperlyConfigured(str(exc)) from None
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1],testserver") + REACH.allowed_hosts
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "") + REACH.csrf_trusted_origins
JOIN_BASE_URL = REACH.join_base_url
if REACH.secure:
    # Behind the TLS proxy: it says the request came over https (Caddy sets X-Forwarded-Proto),
    # and the session and CSRF cookies never travel in clear.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI and ReDoc files served by the app, not a CDN
    "channels",
    "playground.accounts",
    "playground.scenarios",
    "playground.runs",
    "playground.lessons",
    "playground.workshops",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "playground.security_headers.security_headers_middleware",
    "playground.delivery.ApiJsonGZipMiddleware",  # before anything that writes the body
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "playground.safeload.chunked_body_middleware",
]

# The user with its profile in one prepared query; Django's own for sessions made before it.
AUTHENTICATION_BACKENDS = ["playground.accounts.backends.ModelBackend", "django.contrib.auth.backends.ModelBackend"]

# Database sessions, written once per request (playground/accounts/sessions.py).
SESSION_ENGINE = "playground.accounts.sessions"

ROOT_URLCONF = "playground.urls"
ASGI_APPLICATION = "playground.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "frontend" / "dist", BASE_DIR / "playground" / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# PostgreSQL only: DATABASE_URL, else the checkout's private server that `make run` and
# `make test` start (playground/local_postgres.py).
DATABASES = {
    "default": dj_database_url.parse(os.environ.get("DATABASE_URL") or local_postgres.url(RUN_DIR), conn_max_age=0)
}
if DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
    raise ImproperlyConfigured(f"DATABASE_URL={os.environ.get('DATABASE_URL')!r}: the playground needs PostgreSQL "
                               "(postgresql://user@host:port/name), or unset it for the checkout's private server.")
# Set by playground/asgi.py: this process is the web server (one of WEB_PROCESSES).
WEB_SERVER = os.environ.get("PLAYGROUND_WEB_SERVER") == "1"
if WEB_SERVER:
    # A request runs in a thread of its own, so without a pool every request opened a new
    # PostgreSQL connection. Not in the Celery worker: a pool's connections and threads do not
    # survive its fork.
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 2, "max_size": env_int("DB_POOL_MAX_SIZE", 20), "timeout": 30}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 8}},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = RUN_DIR / "staticfiles"
STATICFILES_DIRS = [d for d in [BASE_DIR / "frontend" / "dist"] if d.exists()]
WHITENOISE_USE_FINDERS = True
# Hashed build assets cached for a year, immutable (playground/delivery.py); compressed twins from the build.
WHITENOISE_ADD_HEADERS_FUNCTION = asset_headers

REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
# Two checkouts on one machine may share one Redis: their Celery queue, channel groups and run
# keys carry this prefix so neither takes the other's runs. Derived from the checkout's path (the
# same for every container of one docker-compose deployment, whose code lives at /app).
PLAYGROUND_NAMESPACE = os.environ.get("PLAYGROUND_NAMESPACE") or "pg-" + hashlib.sha1(
    str(BASE_DIR).encode()).hexdigest()[:8]

# CHANNEL_LAYER=pubsub: channels_redis' pub/sub layer instead, only to measure the two against each
# other (docs/benchmarks.md, "fanout.Hub or the pub/sub layer"); the default is the one we run.
CHANNEL_LAYER_BACKENDS = {"redis": "channels_redis.core.RedisChannelLayer",
                          "pubsub": "channels_redis.pubsub.RedisPubSubChannelLayer"}
CHANNEL_LAYER = os.environ.get("CHANNEL_LAYER") or "redis"
if CHANNEL_LAYER not in CHANNEL_LAYER_BACKENDS:
    raise ImproperlyConfigured(f"CHANNEL_LAYER must be one of {', '.join(CHANNEL_LAYER_BACKENDS)}, got {CHANNEL_LAYER!r}")
CHANNEL_LAYERS = {
    "default": {
        "BACKEND": CHANNEL_LAYER_BACKENDS[CHANNEL_LAYER],
        # redis-py 8 defaults to a 5 s socket timeout, the same as channels_redis' 5 s BZPOPMIN:
        # an idle WebSocket consumer would die with "Timeout reading" — give reads more room.
        "CONFIG": {"hosts": [{"address": REDIS_URL, "socket_timeout": 15}], "capacity": 1500, "expiry": 30,
                   "prefix": f"asgi:{PLAYGROUND_NAMESPACE}"},
    }
}

CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", REDIS_URL)
CELERY_TASK_DEFAULT_QUEUE = f"{PLAYGROUND_NAMESPACE}.runs"
# Two lanes of runs (docs/runs.md, "Two lanes"): big scenarios ring the bulk queue, whose worker
# computes at the lowest CPU priority, so a class's lesson runs and clicks are not queued behind
# them. A worker consumes the lanes named in RUNS_WORKER_LANES (default both: one worker does all).
RUNS_LANE_QUEUES = {"interactive": CELERY_TASK_DEFAULT_QUEUE, "bulk": f"{PLAYGROUND_NAMESPACE}.runs.bulk"}
RUNS_WORKER_LANES = sorted({lane.strip() for lane in (
    os.environ.get("RUNS_WORKER_LANES") or ",".join(RUNS_LANE_QUEUES)).split(",") if lane.strip()})
if not RUNS_WORKER_LANES or set(RUNS_WORKER_LANES) - set(RUNS_LANE_QUEUES):
    raise ImproperlyConfigured(f"RUNS_WORKER_LANES must name some of {', '.join(RUNS_LANE_QUEUES)}, "
                               f"not {RUNS_WORKER_LANES!r}")
CELERY_TASK_QUEUES = [Queue(RUNS_LANE_QUEUES[lane]) for lane in RUNS_WORKER_LANES]
CELERY_RESULT_BACKEND = None
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
# A run's doorbell task only hands the run to the process's engine (playground/runs/engine.py) and
# returns at once: a few messages in flight per pool process let a class's 40 doorbells through
# without a broker round trip each.
CELERY_WORKER_PREFETCH_MULTIPLIER = 4
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "playground.api_errors.exception_handler",
    "DEFAULT_PARSER_CLASSES": ["playground.safeload.SafeJSONParser"],
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "playground.accounts.authentication.ApiTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
}
# playground.throttles: per person where a class shares one IP; per IP only as a backstop a class
# of 60 cannot reach. "<n>/<s|min|hour|day>"; an empty variable turns a limit off.
THROTTLE_RATES: dict[str, str | None] = {
    "guest": os.environ.get("THROTTLE_GUEST", "600/hour"),  # per IP: new guest accounts
    "signup": os.environ.get("THROTTLE_SIGNUP", "300/hour"),  # per IP
    "login": os.environ.get("THROTTLE_LOGIN", "600/hour"),  # per IP, on top of the per-account lockout
    "token": os.environ.get("THROTTLE_TOKEN", "20/hour"),  # per user: API tokens created
    "run_start": os.environ.get("THROTTLE_RUN_START", "30/min"),  # per owner
    "run_command": os.environ.get("THROTTLE_RUN_COMMAND", "600/min"),  # per owner, REST and WebSocket
}
THROTTLE_RATES = {k: v or None for k, v in THROTTLE_RATES.items()}
if WEB_SERVER:
    # Throttle counts and login lockouts (playground/throttles.py) must be one count for all the
    # web server's processes (WEB_PROCESSES): in Redis, per deployment and database. Elsewhere
    # (tests, manage.py) the per-process local-memory default.
    CACHES = {"default": {
        "BACKEND": "playground.redis_pool.RedisCache", "LOCATION": REDIS_URL,
        "KEY_PREFIX": "cache:" + PLAYGROUND_NAMESPACE + ":" + hashlib.sha1(
            str(DATABASES["default"].get("NAME") or "").encode()).hexdigest()[:8]}}
# Failed logins per (client, username), playground/accounts/logins.py: from this many on, each makes the
# client wait twice as long as the last (1 s, 2 s, …), at most LOGIN_LOCKOUT_SECONDS.
LOGIN_MAX_FAILURES = env_int("LOGIN_MAX_FAILURES", 5)
LOGIN_LOCKOUT_SECONDS = env_int("LOGIN_LOCKOUT_SECONDS", 15 * 60)
# A WebSocket ticket (POST /api/runs/<id>/ws-ticket/) opens one socket within this many seconds.
WS_TICKET_SECONDS = env_int("WS_TICKET_SECONDS", 30)
# A kubeconfig's run credential lasts a day (or until its workshop ends): docs/kubectl.md.
RUN_CREDENTIAL_SECONDS = env_int("RUN_CREDENTIAL_SECONDS", 24 * 3600)
# Django's admin site has no login throttle: it is off unless asked for.
ADMIN_ENABLED = env_bool("ADMIN_ENABLED", False)
# Request bodies above this get a 413 with the JSON error envelope (playground.api_errors).
DATA_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024
# playground.safeload: YAML/JSON inputs are size-checked before parsing and depth-limited.
YAML_MAX_BYTES = env_int("YAML_MAX_BYTES", 5 * 1024 * 1024)  # scenario import / replace
COMMAND_YAML_MAX_BYTES = env_int("COMMAND_YAML_MAX_BYTES", 64 * 1024)  # a run command's one manifest
INPUT_MAX_DEPTH = env_int("INPUT_MAX_DEPTH", 64)  # nesting levels of any JSON/YAML input
# Long-polls and Kubernetes watches one client may hold at once (playground/streams.py).
STREAMS_MAX_PER_CLIENT = env_int("STREAMS_MAX_PER_CLIENT", 5)
# Addresses of reverse proxies whose X-Forwarded-For is believed (playground.throttles.client_ip).
TRUSTED_PROXIES = [a.strip() for a in os.environ.get("TRUSTED_PROXIES", "").split(",") if a.strip()]
# Retention (playground/retention.py, docs/api.md "Retention"): an idle guest's private scenarios and unshared
# runs are removed after GUEST_RETENTION_DAYS; a run nobody touched for RUN_LOG_RETENTION_DAYS keeps only its
# input and command log, its events are regenerated when read (playground/runs/logs.py). Every
# PRUNE_EVERY_SECONDS by Celery beat (one leader per deployment: playground/beat.py), or `manage.py prune`.
GUEST_RETENTION_DAYS = env_int("GUEST_RETENTION_DAYS", 30)
RUN_LOG_RETENTION_DAYS = env_int("RUN_LOG_RETENTION_DAYS", 7)
PRUNE_EVERY_SECONDS = env_int("PRUNE_EVERY_SECONDS", 3600)
CELERY_BEAT_SCHEDULE = {"prune": {"task": "playground.prune", "schedule": float(PRUNE_EVERY_SECONDS)}}
CELERY_BEAT_SCHEDULER = "playground.beat:LeaderScheduler"
CELERY_BEAT_SCHEDULE_FILENAME = str(RUN_DIR / "celerybeat-schedule")
BEAT_LEASE_SECONDS = env_int("BEAT_LEASE_SECONDS", 30)
# Pruning replays runs (to check a log before it is dropped): the bulk lane's low-priority worker does it.
CELERY_TASK_ROUTES = {"playground.prune": {"queue": RUNS_LANE_QUEUES["bulk"]}}
# Bytes of scenarios one owner may store (playground/scenarios/quotas.py, docs/api.md "Limits").
SCENARIO_QUOTA_BYTES_GUEST = env_int("SCENARIO_QUOTA_BYTES_GUEST", 20 * 1024 * 1024)
SCENARIO_QUOTA_BYTES_USER = env_int("SCENARIO_QUOTA_BYTES_USER", 500 * 1024 * 1024)

SPECTACULAR_SETTINGS = {
    "TITLE": "Kubernetes Scheduling Playground API",
    "DESCRIPTION": "Build clusters, run a faithful model of kube-scheduler, watch preemption.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_NAME_OVERRIDES": {"RunStatusEnum": "playground.runs.serializers.RUN_STATUSES",
                            "CommandStatusEnum": "playground.runs.serializers.COMMAND_STATUSES",
                            "WorkshopStatusEnum": "playground.workshops.serializers.WORKSHOP_STATUSES"},
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums",
                             "playground.openapi.add_common_responses"],
}

redact.install()  # no key in any log line of this process (uvicorn's access log included)
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
