"""The admin pages of Dragon Formula's and DragSaga's league results moved with their models to
the games' apps; their old addresses lead there, so an admin's bookmarks keep working."""

import pytest


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("/admin/games/setresult/", "/admin/dragonformula/setresult/"),
        (
            "/admin/games/setresult/7/change/?_changelist_filters=q",
            "/admin/dragonformula/setresult/7/change/?_changelist_filters=q",
        ),
        ("/admin/games/setgame/3/history/", "/admin/dragonformula/setgame/3/history/"),
        ("/admin/games/dragsagaresult/", "/admin/dragsaga/dragsagaresult/"),
    ],
)
def test_an_old_admin_address_leads_to_the_moved_page(client, admin_user, old, new):
    client.force_login(admin_user)
    response = client.get(old)
    assert response.status_code == 301
    assert response["Location"] == new


@pytest.mark.django_db
def test_the_moved_list_opens_for_staff_and_other_admin_pages_are_untouched(client, admin_user):
    client.force_login(admin_user)
    assert client.get("/admin/games/setresult/", follow=True).status_code == 200
    assert client.get("/admin/games/league/").status_code == 200
