"""Research environments for both games (``pip install westeros[rl]``); every adapter takes a
``kind``, ``"boardgame"`` (the default) or ``"cardgame"``.

* :mod:`westeros.rl.spaces` — what the adapters need of a kind and config: its action space,
  observation encoder, agents and public score;
* :mod:`westeros.rl.actions` — the fixed action enumeration (``ActionSpace``; the board
  game's ``Discrete(N_ACTIONS)``) built from the decision catalogue, and the action mask;
* :mod:`westeros.rl.card_actions` — the card game's action space, sized by a config's cards;
* :mod:`westeros.rl.encoding` — a board-game seat's view as a fixed-size ``float32`` vector;
* :mod:`westeros.rl.card_encoding` — the same for the card game;
* :mod:`westeros.rl.pettingzoo_env` — the PettingZoo AEC environment;
* :mod:`westeros.rl.parallel_env` — the PettingZoo parallel environment;
* :mod:`westeros.rl.gym_env` — the Gymnasium single-agent wrapper (other seats are bots);
* :mod:`westeros.rl.openspiel_game` — the OpenSpiel Python games (import it to register);
* :mod:`westeros.rl.opponents` — bots by name for the wrapper.

The adapters use only the engine contract (``new_game``, ``pending``, ``apply``, ``view``,
``outcome``, ``determinize``) and the games' public faces (catalogues, tables). See
docs/rl.md.
"""
