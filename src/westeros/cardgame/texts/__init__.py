"""Every card text, one module per faction (plus plots and agendas); importing this package
registers them all in :data:`westeros.cardgame.abilities.TEXTS`."""

from westeros.cardgame.texts import (  # noqa: F401
    agendas,
    baratheon,
    greyjoy,
    lannister,
    martell,
    neutral,
    nightswatch,
    plots,
    stark,
    targaryen,
    titles,
    tyrell,
)
