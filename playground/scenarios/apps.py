from django.apps import AppConfig


class ScenariosConfig(AppConfig):
    name = "playground.scenarios"
    default_auto_field = "django.db.models.BigAutoField"
