"""Train sb3-contrib's MaskablePPO on the card game for a few CPU minutes and print its win
rate against random bots before, during (the curve) and after training.

Run (needs the ``train`` extra: ``pip install 'westeros[train]'``)::

    .venv/bin/python examples/train_maskable_ppo_cards.py [--minutes 4] \\
        [--decks westeros-stark,westeros-lannister] [--seat 0]

The learner plays the deck of ``--seat`` in the Gymnasium wrapper (``kind="cardgame"``, the
choices a player may leave to the engine answered by it); the other seats are random bots.
MaskablePPO reads the legal actions from the env's ``action_masks()`` with no wrapper. The
reward is 1 for a win plus a small power shaping (``shaping``: power is what wins the game,
C1.1). Win rates are measured on the same held-out seeds each time, sampling from the
(masked) policy. The loop is the board game's script's (``train_maskable_ppo.py``).
"""

from __future__ import annotations

from train_maskable_ppo import arguments, train

from westeros.rl.gym_env import WesterosGym


def main() -> None:
    parser = arguments(__doc__, players=2)
    parser.add_argument("--decks", default="westeros-stark,westeros-lannister")
    parser.add_argument("--seat", type=int, default=0, help="the learner's seat (its deck)")
    args = parser.parse_args()
    decks = [d.strip() for d in args.decks.split(",") if d.strip()]

    def make_env() -> WesterosGym:
        config = {"decks": decks, "auto": True}
        return WesterosGym(kind="cardgame", config=config, seat=args.seat, shaping=0.02)

    train(make_env, args)


if __name__ == "__main__":
    main()
