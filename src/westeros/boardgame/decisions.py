"""The decision catalogue (R11): every kind of board-game decision, its choice grammar, a codec
and a one-line description. No decision-kind literal appears anywhere else: rules code opens a
decision with ``MARCH_MOVE.ask(seat, prompt, choices)`` and reads a choice with
``MARCH_MOVE.parse(choice)``; tests and tools compare ``decision.kind`` with ``MARCH_MOVE.name``.

A choice is a short string (or a small integer for bids and port takeovers). Its grammar is
one of:

* a single value, e.g. an area id (``retreat``) or a card id (``house_card``);
* a compound of parts joined by a separator, e.g. ``<unit>><to>`` (``march_move``:
  ``"knight>moat_cailin"``), ``<area>:<unit>`` (``destroy_unit``: ``"winterfell:footman"``);
  a part marked ``?`` may be left out (``renly``: ``"winterfell"`` or ``"winterfell:routed"``);
* a list of values joined by ``+`` (``support_areas``: ``"blackwater+the_reach"``);
* words that stand for the whole choice (``"pass"``, ``"done"``, ``"none"``, ``"all"``);
* an integer (``bid``: ``0``..available power).

``parse`` returns the parts by name (``{"unit": "knight", "to": "moat_cailin"}``, or
``{"word": "done"}``, ``{"value": 3}``); ``format`` builds a choice from its parts. The web
client and the RL adapters read :func:`catalogue_json`. The codec and the catalogue machinery
are the engine kit's (:mod:`westeros.engine.catalogue`), shared with the card game.
"""

from __future__ import annotations

from typing import Any

from westeros.engine import Decision
from westeros.engine.catalogue import INTEGER as INTEGER
from westeros.engine.catalogue import ONE as ONE
from westeros.engine.catalogue import Codec as Codec
from westeros.engine.catalogue import DecisionCatalogue
from westeros.engine.catalogue import DecisionKind as DecisionKind
from westeros.engine.catalogue import Parsed as Parsed
from westeros.engine.catalogue import words as words

CATALOGUE = DecisionCatalogue("boardgame")
KINDS: dict[str, DecisionKind] = CATALOGUE.kinds
_kind = CATALOGUE.add


def kind_of(decision: Decision) -> DecisionKind:
    return CATALOGUE.of(decision)


def catalogue_json() -> list[dict[str, Any]]:
    """Every decision kind with its grammar and description, for clients and docs."""
    return CATALOGUE.to_json()


# ============================================================== Westeros phase (R3), bids (R3.7)
WESTEROS_CHOICE = _kind(
    "westeros_choice",
    Codec(("option",)),
    "R3.4.1, D2–D4: the dominance token holder picks a Westeros card's option for everybody "
    "(a card's effect: supply, mustering, clash_of_kings, game_of_thrones; a restriction: "
    "no_defense, no_march_plus1; or nothing; The Burden of Power, X-AFFC-D3: threat_to_zero "
    "or mustering)",
)
BID = _kind("bid", INTEGER, "R3.7.2, R4.3.2, D7: a secret bid of available power (0..power)")
PLAN_BID = _kind(
    "plan_bid",
    Codec(integer=True, words=("ready", "unready")),
    "R3.7.2, R4.3.2, D7 (bidding at the table, config planning: table): an amount 0..power "
    "sets or changes the house's secret bid (it starts at 0), ready confirms it, unready takes "
    "the confirmation back while another house has not confirmed; the bids are revealed once "
    "every house has confirmed",
)
TIE_BREAK = _kind(
    "tie_break",
    Codec(("house",)),
    "R3.7.3, R4.3.4, D8: the Iron Throne holder picks one of the houses with equal bids: the "
    "next one placed on the track (Clash of Kings) or the highest / lowest bidder (wildlings)",
)
MUSTER = _kind(
    "muster",
    Codec(("purchase", "to?"), sep=">", words=("done", "later")),
    "R3.6, D6: one purchase in the area being mustered in: a unit (footman, knight, "
    "siege_engine), an upgrade of a footman there (upgrade_knight, upgrade_siege_engine), "
    "ship><port or sea>; done (unspent points are lost) or later (after the other areas)",
)
PLAN_MUSTER = _kind(
    "plan_muster",
    Codec(("area", "purchase"), sep=":", words=("done", "reset")),
    "R3.6, D6 (mustering at the table, config planning: table): <area>:<purchase> adds one "
    "purchase of the muster choice's grammar (footman, upgrade_knight, ship>sea, ...) in any of "
    "the house's mustering areas to its plan, nothing placed yet; reset empties the plan; done "
    "musters the plan (unspent points are lost)",
)

# ================================================================= wildlings (R4, D9)
WILDLING_OPTION = _kind(
    "wildling_option",
    words("destroy", "drop"),
    "R4.5.1, F36 Preemptive Raid: destroy 2 units or drop 2 positions on the best track",
)
DESTROY_UNIT = _kind(
    "destroy_unit",
    Codec(("area", "unit"), sep=":"),
    "R4.4.1, D9: one unit (area:kind) a wildling penalty destroys; the picks are destroyed "
    "together once complete",
)
REPLACE_KNIGHT = _kind(
    "replace_knight",
    Codec(("area", "unit"), sep=":"),
    "R4.5.2 Crow Killers: a knight (area:knight) to replace with a footman (destroyed when the "
    "pool has no footman left)",
)
UPGRADE_FOOTMAN = _kind(
    "upgrade_footman",
    Codec(("area", "unit"), sep=":", words=("done",)),
    "R4.5.2 Crow Killers: a footman (area:footman) to replace with a knight, or done",
)
DISCARD_CARD = _kind(
    "discard_card",
    Codec(("card",)),
    "R4.5.4, F37 Massing on the Milkwater: the house card to discard",
)
RETRIEVE_CARD = _kind(
    "retrieve_card",
    Codec(("card",), words=("pass",)),
    "R4.5 Mammoth Riders: a discarded house card to take back into hand, or pass",
)
CHOOSE_TRACK = _kind(
    "choose_track",
    Codec(("track",)),
    "R4.5, Q7: the influence track a wildling card moves a house on (A King Beyond the Wall; "
    "Preemptive Raid tied tracks, chosen by the Iron Throne holder)",
)
HORDE_AREA = _kind(
    "horde_area",
    Codec(("area",), words=("pass",)),
    "R4.5 The Horde Descends: the castle or stronghold area to muster in, or pass",
)

# ================================================================= supply (R3.5)
RECONCILE = _kind(
    "reconcile",
    Codec(("area", "unit"), sep=":"),
    "R3.5.2, D5: destroy one unit (area:unit kind) to comply with supply, until the house "
    "complies; only destructions that keep a minimal selection possible are offered",
)

# ================================================================= planning (R5)
PLACE_ORDER = _kind(
    "place_order",
    Codec(("token",), words=("none",)),
    "R5.1, R5.2, D11: the order token (e.g. march+1*) for the house's next area in map order; "
    "none (R5.3, placing in turn order with too few tokens) leaves that area without an order",
)
PLAN_ORDERS = _kind(
    "plan_orders",
    Codec(("action", "area", "token?"), sep=":", words=("ready", "unready")),
    "R5.1–R5.3, D11 (planning at the table, config planning: table): place:<area>:<token> puts "
    "or changes the order in one of the house's areas, remove:<area> takes it back, ready "
    "when every area has an order (or no token is left to place, R5.3), unready takes the "
    "readiness back while another house is still planning (simultaneous planning only)",
)
RAVEN = _kind(
    "raven",
    Codec(("action", "area"), sep=":", words=("look", "pass")),
    "R5.5, D12: the Messenger Raven holder's use of it: replace:<area> replaces its order there "
    "(R5.5.1; action is always replace), look looks at the top wildling card (R5.5.2), "
    "pass leaves the Raven unused (R5.5.3)",
)
RAVEN_REPLACE = _kind(
    "raven_replace",
    Codec(("token",)),
    "R5.5.1, Q10: the order token that replaces the chosen order (never the same token)",
)
RAVEN_WILDLING = _kind(
    "raven_wildling",
    words("keep", "bottom"),
    "R5.5.2: keep the wildling card looked at on top of the deck, or put it at the bottom",
)

# ================================================================= raid, march (R6)
RAID = _kind(
    "raid",
    Codec(("from", "target"), sep=">"),
    "R6.3, D13: resolve one of the house's Raid orders: <from>><target> removes the order in "
    "target (R6.3.1, R6.3.2), <from>>none removes the Raid order without effect (R6.3.3); "
    "for a vassal's Raid/Support +1 token none keeps it as a Support +1 order (X-MOD-10.4)",
)
MARCH_ORDER = _kind(
    "march_order", Codec(("area",)), "R6.4, D14: the area of the March order to resolve"
)
MARCH_MOVE = _kind(
    "march_move",
    Codec(("unit", "to"), sep=">", words=("done", "reset")),
    "R6.4, D14: move one unit of a kind (footman, knight, siege_engine, ship) to a destination "
    "(<unit>><to>, e.g. footman>moat_cailin), or done to carry out the plan (R6.4.6), or "
    "reset to start the plan again (config planning: table only, once a unit is planned); "
    "built as plain f-strings in the hot move generation",
)
MARCH_TOKEN = _kind(
    "march_token",
    words("yes", "no"),
    "R6.4.7: leave a power token in the emptied area (yes) or not (no)",
)
CONSOLIDATE = _kind(
    "consolidate",
    Codec(("area",)),
    "R6.6, D22: the area of the Consolidate Power order to resolve (X-MOD-9.2: or of an Iron "
    "Bank sea order, resolved in the same turns)",
)
CONSOLIDATE_SPECIAL = _kind(
    "consolidate_special",
    words("power", "muster"),
    "R6.6.1, R6.6.3: a Special Consolidate Power order in a castle area gains power or musters",
)
PORT_TAKEOVER = _kind(
    "port_takeover",
    INTEGER,
    "R8.5, D10: how many of the ships in a port whose land the house now controls it replaces "
    "with its own (0..max; the others are destroyed)",
)

# ================================================================= combat (R7)
SUPPORT = _kind(
    "support",
    words("attacker", "defender", "none"),
    "R7.3.2, D16, F29: the side the house's Support orders back, or none (a side never "
    "against itself; against a neutral force only attacker or none, D15)",
)
SUPPORT_AREAS = _kind(
    "support_areas",
    Codec(("area",), sep="+", words=("all",), many=True),
    "R7.3, Q5: which of the house's eligible Support orders it commits: all, or a proper "
    "subset of their areas in map order",
)
ACCEPT_SUPPORT = _kind(
    "accept_support", words("accept", "decline"), "R7.3.3: accept or decline offered support"
)
HOUSE_CARD = _kind(
    "house_card",
    Codec(("card",)),
    "R7.5.1, D17: the house card to play, chosen by both sides at once (secret); again, "
    "without the cancelled card, after Tyrion Lannister (R7.12.5)",
)
BLADE = _kind(
    "blade",
    words("redraw", "keep", "+1", "no"),
    "R7.6, R7.7.3: the Valyrian Steel Blade holder redraws its Tides of Battle card or keeps "
    "it (redraw/keep), then adds +1 to its strength or not (+1/no)",
)
CASUALTY = _kind(
    "casualty",
    Codec(("unit",)),
    "R7.9.3, R7.7.5, D20: the kind of the next unit to destroy (asked only when it matters)",
)
RETREAT = _kind(
    "retreat",
    Codec(("area",)),
    "R7.10, D21: the area the loser's units retreat to (chosen by the winner with Robb "
    "Stark, R7.12.1)",
)
RETREAT_CASUALTY = _kind(
    "retreat_casualty",
    Codec(("unit",)),
    "R7.10.4: the kind of the next retreating unit to destroy for supply",
)

# ================================================================= house card texts (R7.12)
TYRION = _kind(
    "tyrion",
    words("cancel", "keep"),
    "R7.12.5, D18: Tyrion Lannister cancels the opponent's card (it chooses another) or not",
)
AERON = _kind(
    "aeron",
    Codec(("card",), words=("pass",)),
    "R7.5.3, F11: Aeron Damphair pays 2 power to play another card of the hand, or passes",
)
MACE = _kind(
    "mace",
    words("footman", "routed_footman"),
    "R7.12.6: Mace Tyrell destroys a standing or a routed footman (asked only when both stand)",
)
QUEEN_OF_THORNS = _kind(
    "queen_of_thorns",
    Codec(("area",)),
    "R7.12.7, D18: the opponent's order next to the embattled area that Queen of Thorns "
    "removes (mandatory)",
)
DORAN = _kind(
    "doran",
    Codec(("track",)),
    "R7.12.8: the influence track Doran Martell moves the opponent to the bottom of",
)
RENLY = _kind(
    "renly",
    Codec(("area", "routed?"), sep=":", words=("pass",)),
    "R7.12.3, F8: the area of the participating footman Renly Baratheon upgrades (<area>:routed "
    "for a routed one where both stand), or pass",
)
CERSEI = _kind(
    "cersei",
    Codec(("area",), words=("pass",)),
    "R7.12.10: the area of the loser's order Cersei Lannister removes, or pass",
)
PATCHFACE = _kind(
    "patchface",
    Codec(("card",), words=("pass",)),
    "R7.12.2, F5: the card of the opponent's hand Patchface discards, or pass",
)

# ====================================================== A Dance with Dragons house cards (X-ADWD-3)
REEK = _kind(
    "reek",
    words("keep", "discard"),
    "X-ADWD-D1: Reek, its house lost: take Reek back into hand (keep) or discard it",
)
QYBURN = _kind(
    "qyburn",
    Codec(("card",), words=("pass",)),
    "X-ADWD-D2, X-ADWD-4.7: Qyburn pays 2 power to use the printed strength and icons of a "
    "card in any discard pile, or passes",
)
AERON_POWER = _kind(
    "aeron_power",
    INTEGER,
    "X-ADWD-D2: Aeron Damphair (ADwD) discards this many available power tokens (0..available), "
    "+1 strength each",
)
ILYN_PAYNE = _kind(
    "ilyn_payne",
    Codec(("area",), words=("pass",)),
    "X-ADWD-D3: the area of the opponent's footman Ser Ilyn Payne destroys, or pass",
)
JON_SNOW = _kind(
    "jon_snow",
    words("up", "down", "pass"),
    "X-ADWD-D3, X-ADWD-4.10: Jon Snow moves the wildling threat one space up or down, or passes",
)
MELISANDRE = _kind(
    "melisandre",
    Codec(("card",), words=("pass",)),
    "X-ADWD-D4: the discarded card Melisandre (ADwD) buys back for its printed strength in "
    "power, or pass",
)
RODRIK = _kind(
    "rodrik",
    Codec(("card",), words=("pass",)),
    "X-ADWD-D4, X-ADWD-4.2: the Westeros card (<deck>:<card>, e.g. II:winter_is_coming) Rodrik "
    "the Reader puts on top of its deck, or pass",
)
GERRIS = _kind(
    "gerris",
    Codec(("track",), words=("pass",)),
    "X-ADWD-D5, X-ADWD-4.9: the influence track Ser Gerris Drinkwater moves up one position on, "
    "or pass",
)

# ====================================================== Mother of Dragons house cards (X-MOD-D10)
LYSA_ARRYN = _kind(
    "lysa_arryn",
    words("keep", "discard"),
    "X-MOD-D10, X-MOD-4.2: Lysa Arryn (MoD; Arryn won defending with a Defense order in the "
    "embattled area) goes back into hand (keep) or is discarded",
)
ROBERT_ARRYN = _kind(
    "robert_arryn",
    Codec(("card",), words=("pass",)),
    "X-MOD-D10, X-MOD-4.2: the weakest card of the opponent's discard pile that Robert Arryn "
    "removes from the game with itself (one of the tied ones), or pass",
)
VISERYS = _kind(
    "viserys",
    Codec(("card",), words=("pass",)),
    "X-MOD-D10, X-MOD-5.8: the other card of the hand Viserys Targaryen discards to add its "
    "printed strength, or pass",
)
MISSANDEI = _kind(
    "missandei",
    Codec(("card",), words=("pass",)),
    "X-MOD-D10, X-MOD-5.8: the other card of the discard pile Missandei takes back into hand "
    "(Targaryen lost by 2 or less), or pass",
)
JON_CONNINGTON = _kind(
    "jon_connington",
    Codec(("area",), words=("pass",)),
    "X-MOD-D10, X-MOD-10.9: the area (where the losing vassal retreated, or its home) its "
    "commander musters a vassal knight in with Jon Connington, or pass",
)
BRONN = _kind(
    "bronn",
    words("pay", "pass"),
    "X-MOD-D10, X-MOD-10.9: the opponent of a vassal's Bronn discards 2 available power to "
    "make Bronn's strength 0 (pay), or not (pass)",
)
BERIC_DONDARRION = _kind(
    "beric_dondarrion",
    Codec(("unit", "routed?"), sep=":"),
    "X-MOD-10.9: the vassal's own unit in the embattled area that Beric Dondarrion destroys "
    "after a win: its kind (a standing one), or <kind>:routed for a routed one (asked only "
    "when it matters; automatic answer, config auto: a routed one of the chosen kind)",
)

# ====================================================== A Feast for Crows objectives (X-AFFC-6)
RETURN_OBJECTIVE = _kind(
    "return_objective",
    Codec(("objective",)),
    "X-AFFC-D1, X-AFFC-2.8, X-AFFC-Q2: at set-up each house returns 2 of the 5 objective cards it "
    "was dealt, one at a time, keeping 3; secret, every house at the same time; the returned "
    "cards go back into the objective deck",
)
SCORE_SPECIAL = _kind(
    "score_special",
    words("score", "pass"),
    "X-AFFC-D2, X-AFFC-4.2 step 2: a house whose special objective is fulfilled scores it "
    "(+1 victory point) or passes",
)
SCORE_OBJECTIVE = _kind(
    "score_objective",
    Codec(("objective",), words=("pass",)),
    "X-AFFC-D2, X-AFFC-4.2 step 3: in turn order, the objective card of the hand the house "
    "fulfils and scores now, or pass",
)


# ====================================================== A Feast for Crows (X-AFFC-5, X-AFFC-3)
ALAYNE_STONE = _kind(
    "alayne_stone",
    words("pay", "pass"),
    "X-AFFC-D6, X-AFFC-5: Alayne Stone (Arryn won and holds The Eyrie after the combat) "
    "discards 2 available power to make the opponent discard all of its available power (pay), "
    "or not (pass)",
)
SHIFTING_AMBITIONS_GIVE = _kind(
    "shifting_ambitions_give",
    Codec(("objective",)),
    "X-AFFC-D4, X-AFFC-3 Shifting Ambitions: the objective card of the hand the house puts face "
    "down into the pool (secret, every house at once)",
)
SHIFTING_AMBITIONS_TAKE = _kind(
    "shifting_ambitions_take",
    Codec(("objective",)),
    "X-AFFC-D4, X-AFFC-3 Shifting Ambitions: the objective card of the shown pool the house "
    "takes, in turn order",
)
NEW_INFORMATION_RETURN = _kind(
    "new_information_return",
    Codec(("objective",)),
    "X-AFFC-D4, X-AFFC-3 New Information: the objective card of the hand the house shuffles "
    "back into the objective deck (secret, every house at once)",
)


# ====================================================== Mother of Dragons vassals (X-MOD-D1, D2)
CHOOSE_VASSALS = _kind(
    "choose_vassals",
    Codec(("vassal",), sep="+", words=("pass",), many=True),
    "X-MOD-D1, X-MOD-10.3, XF12: in Iron Throne order a player picks all the vassals it "
    "commands this round at once (<vassal>+<vassal>, house order, at most its markers), or pass "
    "(its markers not used go to the next player; the last player takes every vassal left)",
)
VASSAL_ORDER = _kind(
    "vassal_order",
    Codec(("area", "token"), sep=":", words=("done",)),
    "X-MOD-D2, X-MOD-10.4, X-MOD-Q5: the commander places one of the vassal's own tokens "
    "(<area>:<token>) in an area holding the vassal's units, at most 2 areas per vassal, or "
    "done; the context names the vassal",
)
VASSAL_MUSTER = _kind(
    "vassal_muster",
    words("muster", "pass"),
    "X-MOD-10.4, XF15: in the Consolidate Power step the commander musters for the vassal in "
    "the area of its Defense +1/Muster order (its home), or passes",
)
# ============================================================ Mother of Dragons: gifts (X-MOD-11)
GIFT = _kind(
    "gift",
    Codec(("house", "amount"), sep=":", ints=("amount",)),
    "X-MOD-11.1, X-MOD-D9: a standing idle decision of every player that may give power now "
    "(the game never waits for it): <house>:<amount> offers amount of its available power "
    "tokens to another player's house (never a vassal; amount at most what the receiver's "
    "Pool can return, and not the tokens of a secret bid already made); outside a combat, or "
    "in a combat's call for support (XE1)",
)
ACCEPT_GIFT = _kind(
    "accept_gift",
    words("accept", "refuse"),
    "X-MOD-11.1, XF40, X-MOD-D9: the receiver of an offered gift takes the power tokens "
    "(accept) or refuses them (refuse: the giver keeps them)",
)

# ==================================================== Mother of Dragons: Targaryen (X-MOD-5..7)
BID_HANDOUT = _kind(
    "bid_handout",
    Codec(("house",)),
    "X-MOD-5.3, XF25, X-MOD-D4: after the bids of an auction are revealed, Targaryen hands one "
    "of the power tokens it bid to another house in play (a player's or a vassal's), raising "
    "that house's bid by 1; asked once per token until all are handed out",
)
LOYALTY_AREA = _kind(
    "loyalty_area",
    Codec(("area",), words=("pass",)),
    "X-MOD-7.4, X-MOD-D6: a land area to put a loyalty token on (Westeros deck IV: Targaryen "
    "paying for a card's extra tokens, or the player chosen by The Long Plan), or pass where "
    "the card makes it optional; a card's price is paid with its first area",
)
LOYALTY_PLAYER = _kind(
    "loyalty_player",
    Codec(("house",), words=("pass",)),
    "X-MOD-7.4, X-MOD-D6: the other player Targaryen chooses for The Long Plan or Playing With "
    "Fire (paying the card's power), or pass",
)
LOYALTY_UNIT = _kind(
    "loyalty_unit",
    Codec(("unit",)),
    "X-MOD-7.4, XF36, X-MOD-D6 Playing With Fire: the chosen player picks the kind of the land "
    "unit of its pool put into the chosen area",
)
LOYALTY_MOVE = _kind(
    "loyalty_move",
    Codec(("from", "target"), sep=">"),
    "X-MOD-7.5, XF38, XF39, X-MOD-D6 Word Spreads Quickly, Scattering Dissent: the loyalty "
    "token a player moves, from its area to an adjacent land area (<from>><target>); a player "
    "who can move one must",
)
LOYALTY_CANCEL = _kind(
    "loyalty_cancel",
    words("cancel", "allow"),
    "X-MOD-7.4, X-MOD-D6: Targaryen pays the card's price to cancel a loyalty token move "
    "(cancel), or lets it happen (allow)",
)
FIRE_MADE_FLESH = _kind(
    "fire_made_flesh",
    Codec(("area",), words=("return", "pass")),
    "X-MOD-7.4, XF35, XF37, X-MOD-D6 Fire Made Flesh: the area of the dragon Targaryen destroys "
    "to bring one dragon strength token into the box at once, return (a destroyed dragon goes "
    "back to its home area), or pass",
)
FIRE_MADE_FLESH_TOKEN = _kind(
    "fire_made_flesh_token",
    Codec(("round",)),
    "X-MOD-7.4, XF35, X-MOD-D6 Fire Made Flesh: the round (2, 4, 6, 8, 10) of the waiting "
    "dragon strength token Targaryen moves into the box, asked when more than one waits "
    "(automatic answer, config auto: the last one)",
)

# ====================================================== Mother of Dragons: the Iron Bank (X-MOD-8)
LOAN = _kind(
    "loan",
    Codec(("loan",), words=("none",)),
    "X-MOD-8.4, X-MOD-9.2, X-MOD-D7: resolving its Iron Bank order, the house buys one of the "
    "face-up loans it can pay for (cost 7, 4, 1 by slot; 1 less for Braavos' controller, "
    "X-MOD-3.5), or none",
)
LOAN_AREA = _kind(
    "loan_area",
    Codec(("area",)),
    "X-MOD-8.4–8.6, XF28, X-MOD-D7: an area for a part of a bought loan (the context's purpose: "
    "a unit to place, an improvement to put, a castle to improve or remove, a knight or a "
    "footman The Faceless Men destroy); a part that can be carried out must be",
)
LOAN_OPTION = _kind(
    "loan_option",
    Codec(("option",)),
    "X-MOD-8.1, X-MOD-D7: Pyromancer's improvement (power or supply); Spymaster's Westeros deck "
    "(1..4) and then its arrangement <top>/<bottom> (card ids, top first, comma-joined)",
)
UNPAID_INTEREST = _kind(
    "unpaid_interest",
    Codec(("area", "unit"), sep=":"),
    "X-MOD-8.7, XF23, X-MOD-D8: the Fiefdoms leader (never the debtor, never a vassal) picks a "
    "unit (area:kind) of the debtor to destroy for one token of unpaid interest; a dragon may "
    "be picked",
)
