from django.apps import AppConfig


class LessonsConfig(AppConfig):
    name = "playground.lessons"
    default_auto_field = "django.db.models.BigAutoField"
