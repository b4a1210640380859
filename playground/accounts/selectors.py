from __future__ import annotations

from django.contrib.auth.models import User
from django.db.models import QuerySet

from playground.accounts.models import ApiToken


def token_list(user: User) -> QuerySet[ApiToken]:
    return ApiToken.objects.filter(user=user)
