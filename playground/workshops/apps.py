from django.apps import AppConfig


class WorkshopsConfig(AppConfig):
    name = "playground.workshops"
    default_auto_field = "django.db.models.BigAutoField"
