from django.apps import AppConfig


class WorkshopsConfig(AppConfig):
    name = "playground.workshops"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from playground.runs.api import events_committed
        from playground.workshops import live

        events_committed.connect(live.on_events_committed, dispatch_uid="workshops.live")
