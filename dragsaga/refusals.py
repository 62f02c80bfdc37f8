"""DragSaga's refusals in the player's language (its ``refusals_path``,
``games.contract.Refusals``): every constant message of ``dragsaga.rules``, and by code those
that name a card (shown by its name in the active language) or a number."""

from django.utils.translation import gettext_noop

MESSAGES = frozenset(
    (
        gettext_noop("An action is an object with a 'type'."),
        gettext_noop("The game is over."),
        gettext_noop("The divine dragons have already been chosen."),
        gettext_noop("You have already chosen your divine dragon."),
        gettext_noop("Cards are placed only at the start of a round."),
        gettext_noop("You have already placed your cards this round."),
        gettext_noop("Place exactly two cards from your hand."),
        gettext_noop("Place two different cards."),
        gettext_noop("In round 1 everyone targets their left neighbour."),
        gettext_noop("Choose another player as your target."),
        gettext_noop("This can only be done during the turns of a round."),
        gettext_noop("Wait until the players hit by the attack have answered."),
        gettext_noop("Guards can only be flipped against an attack on another player's turn."),
        gettext_noop("There is no attack to guard against now."),
        gettext_noop("This attack does not ask you for a guard."),
        gettext_noop("You have already answered this attack."),
        gettext_noop("Attacks can only be flipped on your own turn."),
        gettext_noop("Only the round's last player may change target."),
        gettext_noop("Targets cannot be changed in round 1."),
        gettext_noop("With two players there is no other target."),
        gettext_noop("The target has already been changed this round."),
        gettext_noop("The target can only be changed before your first flip."),
        gettext_noop("Choose a different target."),
        gettext_noop("You have flipped a card; end your turn instead."),
        gettext_noop("You have flipped nothing; pass instead."),
    )
)

TEMPLATES = {
    "card_not_placed": gettext_noop("%(card)s is not one of your placed cards."),
    "already_flipped": gettext_noop("%(card)s is already face up."),
    "flip_limit": gettext_noop(
        "Flipping %(card)s would bring this round's flips to cost %(total)s; the limit is "
        "%(limit)s."
    ),
    "guard_does_not_block": gettext_noop("%(card)s does not block this attack."),
    "not_a_divine_dragon": gettext_noop("That is not one of your three divine dragon cards."),
}
