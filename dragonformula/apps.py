from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DragonFormulaConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "dragonformula"
    verbose_name = _("Dragon Formula")
