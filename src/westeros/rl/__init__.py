"""Research environments for the board game (``pip install westeros[rl]``).

* :mod:`westeros.rl.actions` — the fixed action enumeration (``Discrete(N_ACTIONS)``) built
  from the decision catalogue, and the action mask;
* :mod:`westeros.rl.encoding` — a seat's view as a fixed-size ``float32`` vector;
* :mod:`westeros.rl.pettingzoo_env` — the PettingZoo AEC environment (agents are houses);
* :mod:`westeros.rl.gym_env` — the Gymnasium single-agent wrapper (other seats are bots);
* :mod:`westeros.rl.openspiel_game` — the OpenSpiel Python game (import it to register);
* :mod:`westeros.rl.opponents` — bots by name for the wrapper.

The adapters use only the engine contract (``new_game``, ``pending``, ``apply``, ``view``,
``outcome``) and the board game's catalogue and tables. See docs/rl.md.
"""
