from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DragSagaConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "dragsaga"
    verbose_name = _("DragSaga")
