"""Writes about people: guests, sign-up, login, API tokens, the system user."""
from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.conf import settings
from django.contrib import auth
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import connection, transaction
from django.http import HttpRequest
from django.utils import timezone
from rest_framework.exceptions import AuthenticationFailed, NotFound, ValidationError

from playground import throttles
from playground.accounts import logins
from playground.accounts.models import ApiToken, Profile, RunCredential, WsTicket
from playground.rows import columns, loaded

SYSTEM_USERNAME = "playground"
TOKEN_PREFIX = "pgt_"
RUN_CREDENTIAL_PREFIX = "pgk_"  # tells a kubeconfig's run credential from an API token without a lookup


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def create_guest() -> User:
    """A guest and its profile in one statement (two INSERTs in one data-modifying CTE): atomic by
    itself, one round trip where create_user() and Profile.objects.create() took two, plus
    BEGIN and COMMIT outside a transaction. A class's 60 first clicks each make one
    (docs/benchmarks.md, classroom)."""
    now = timezone.now()
    draft = User(username=f"guest-{secrets.token_hex(4)}", last_login=now, date_joined=now)
    draft.set_unusable_password()
    fields = [f for f in columns(User) if not f.primary_key]
    quote = connection.ops.quote_name
    profile_table, user_column = quote(Profile._meta.db_table), quote(Profile._meta.get_field("user").column)
    guest_column = quote(Profile._meta.get_field("is_guest").column)
    sql = (f"WITH u AS (INSERT INTO {quote(User._meta.db_table)} ({', '.join(quote(f.column) for f in fields)}) "
           f"VALUES ({', '.join(['%s'] * len(fields))}) RETURNING {quote(User._meta.pk.column)}) "
           f"INSERT INTO {profile_table} ({user_column}, {guest_column}) SELECT *, true FROM u "
           f"RETURNING {quote(Profile._meta.pk.column)}, {user_column}")
    with connection.cursor() as cursor:
        cursor.execute(sql, [f.get_db_prep_save(f.pre_save(draft, True), connection) for f in fields])
        profile_id, draft.pk = cursor.fetchone()
    user, profile = loaded(draft), loaded(Profile(pk=profile_id, user_id=draft.pk, is_guest=True))
    user.profile, profile.user = profile, user
    return user


def delete_user(user: User) -> None:
    """A guest whose first write was refused (acting_user), with whatever the ORM cascades to."""
    User.objects.filter(pk=user.pk).delete()


def become_guest(request: HttpRequest) -> User:
    """The anonymous visitor's first write: a guest user, logged in on this browser session."""
    user = new_guest(request)
    log_in_guest(request, user)
    return user


def new_guest(request: HttpRequest) -> User:
    throttles.per_ip(request, "guest")
    user = create_guest()
    user.is_new_guest = True  # owns nothing yet: its first run needs no count of its active runs
    return user


def log_in_guest(request: HttpRequest, user: User) -> None:
    csrf_secret = request.META.get("CSRF_COOKIE")
    auth.login(request, user, backend="playground.accounts.backends.ModelBackend")
    if csrf_secret:
        # login() rotates the CSRF token; a visitor who never chose to sign in would then see its
        # next write (or a parallel one) refused. Signing up and logging in still rotate it.
        request.META["CSRF_COOKIE"] = csrf_secret


def _validate_credentials(username: str, password: str, user: User | None) -> None:
    if username.lower() == SYSTEM_USERNAME or username.lower().startswith("guest-"):
        raise ValidationError({"username": [f'"{username}" is reserved']})
    if User.objects.filter(username__iexact=username).exclude(pk=getattr(user, "pk", None)).exists():
        raise ValidationError({"username": [f'"{username}" is already taken']})
    try:
        validate_password(password, user)
    except DjangoValidationError as e:
        raise ValidationError({"password": list(e.messages)}) from e


@transaction.atomic
def sign_up(request: HttpRequest, current: AbstractBaseUser | AnonymousUser, username: str, password: str) -> User:
    """Converts the current guest in place (keeping all it owns), or creates a new user."""
    if current.is_authenticated and not is_guest(current):
        raise ValidationError({"non_field_errors": ["you are already signed up; log out first"]})
    user = current if isinstance(current, User) else None
    _validate_credentials(username, password, user)
    if user is None:
        user = User.objects.create_user(username=username, password=password)
        Profile.objects.create(user=user, is_guest=False)
    else:
        _convert_guest(user, username, password)
    auth.login(request, user, backend="playground.accounts.backends.ModelBackend")
    return user


def _convert_guest(user: User, username: str, password: str) -> None:
    user.username = username
    user.set_password(password)
    user.save(update_fields=["username", "password"])
    profile, _ = Profile.objects.get_or_create(user=user)
    profile.is_guest = False
    profile.save(update_fields=["is_guest"])
    user.profile = profile


def log_in(request: HttpRequest, username: str, password: str) -> User:
    """Refused (429) while this client must wait after failed logins for this username (logins.py)."""
    logins.refuse_if_waiting(request, username)
    user = auth.authenticate(request, username=username, password=password)
    if not isinstance(user, User):
        logins.failed(request, username)
        raise ValidationError({"non_field_errors": ["username or password is wrong"]})
    auth.login(request, user)
    return user


def log_out(request: HttpRequest) -> None:
    auth.logout(request)


def is_guest(user: AbstractBaseUser | AnonymousUser) -> bool:
    profile = getattr(user, "profile", None)
    return bool(profile and profile.is_guest)


def set_language(user: User, language: str) -> None:
    """Stores the person's choice ("en" or "zh-CN", validated by the caller) on their profile."""
    profile, _ = Profile.objects.get_or_create(user=user, defaults={"is_guest": False})
    if profile.language != language:
        profile.language = language
        profile.save(update_fields=["language"])
    user.profile = profile


def create_token(user: User, name: str) -> tuple[ApiToken, str]:
    key = TOKEN_PREFIX + secrets.token_urlsafe(32)
    token = ApiToken.objects.create(user=user, name=name, prefix=key[:8], key_hash=hash_key(key))
    return token, key


def revoke_token(user: User, token_id: int) -> None:
    deleted, _ = ApiToken.objects.filter(user=user, pk=token_id).delete()
    if not deleted:
        raise NotFound(f"you have no API token with id {token_id}")


def authenticate_token(key: str) -> User:
    token = ApiToken.objects.select_related("user__profile").filter(key_hash=hash_key(key)).first()
    if token is None or not token.user.is_active:
        raise AuthenticationFailed("API token is unknown or revoked")
    ApiToken.objects.filter(pk=token.pk).update(last_used_at=timezone.now())
    return token.user


def create_ws_ticket(user: User, run_id: int) -> tuple[str, int]:
    """A single-use ticket for run_id's WebSocket, valid WS_TICKET_SECONDS; returns (ticket, seconds)."""
    now = timezone.now()
    WsTicket.objects.filter(expires_at__lt=now).delete()  # keep the table small
    seconds = int(settings.WS_TICKET_SECONDS)
    key = "wst_" + secrets.token_urlsafe(32)
    WsTicket.objects.create(user=user, run_id=run_id, key_hash=hash_key(key),
                            expires_at=now + timedelta(seconds=seconds))
    return key, seconds


def redeem_ws_ticket(key: str, run_id: int) -> User | None:
    """The ticket's user if it is for this run, unexpired and unused; it is used up either way."""
    ticket = WsTicket.objects.select_related("user__profile").filter(key_hash=hash_key(key)).first()
    if ticket is None:
        return None
    deleted, _ = WsTicket.objects.filter(pk=ticket.pk).delete()  # single use, even when two race
    usable = deleted and ticket.run_id == run_id and ticket.expires_at > timezone.now() and ticket.user.is_active
    return ticket.user if usable else None


def create_run_credential(user: User, run_id: int, workshop_id: int | None) -> tuple[RunCredential, str]:
    """A kubeconfig's credential for run_id, valid RUN_CREDENTIAL_SECONDS, and its key (never stored)."""
    now = timezone.now()
    RunCredential.objects.filter(expires_at__lt=now).delete()  # keep the table small
    key = RUN_CREDENTIAL_PREFIX + secrets.token_urlsafe(32)
    credential = RunCredential.objects.create(
        user=user, run_id=run_id, workshop_id=workshop_id, key_hash=hash_key(key),
        expires_at=now + timedelta(seconds=int(settings.RUN_CREDENTIAL_SECONDS)))
    return credential, key


def authenticate_run_credential(key: str) -> RunCredential:
    """The unexpired credential of an active user; its workshop's end is the caller's to check."""
    credential = (RunCredential.objects.select_related("user__profile")
                  .filter(key_hash=hash_key(key), expires_at__gt=timezone.now()).first())
    if credential is None or not credential.user.is_active:
        raise AuthenticationFailed("the kubeconfig's credential is unknown or expired")
    return credential


@transaction.atomic
def get_or_create_system_user() -> User:
    """The owner of the built-in lessons: a user nobody can log in as."""
    user, created = User.objects.get_or_create(username=SYSTEM_USERNAME)
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    Profile.objects.get_or_create(user=user, defaults={"is_guest": False})
    return user
