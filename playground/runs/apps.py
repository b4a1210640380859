from django.apps import AppConfig


class RunsConfig(AppConfig):
    name = "playground.runs"
    default_auto_field = "django.db.models.BigAutoField"
