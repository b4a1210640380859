from typing import Any

from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "playground.accounts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        # django.contrib.auth (listed before us) connected its receiver under this id.
        if user_logged_in.disconnect(dispatch_uid="update_last_login"):
            user_logged_in.connect(update_last_login, dispatch_uid="update_last_login")


def update_last_login(sender: Any, user: Any, **kwargs: Any) -> None:
    """Django's, but a guest made by this request has its last_login from its INSERT: no UPDATE
    right after it (a class's 40 run starts each made one, docs/benchmarks.md)."""
    from django.contrib.auth.models import update_last_login as django_update_last_login

    if not getattr(user, "is_new_guest", False):
        django_update_last_login(sender, user, **kwargs)
