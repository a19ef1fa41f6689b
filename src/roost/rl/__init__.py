"""Roost for reinforcement learning (the optional extra ``rl``: ``pip install -e '.[rl]'``).

* `roost.rl.encoding`: every game's observation as a fixed-size tensor, plus the action mask;
* `roost.rl.pettingzoo`: ``env("eggo", players=4)``, a PettingZoo AEC environment;
* `roost.rl.gymnasium`: one seat learns, Roost bots play the others (``action_masks()``);
* `roost.rl.openspiel`: ``register()`` makes every game a pyspiel game;
* `roost.rl.bot`: a trained policy as a Roost bot (``ppo:/path/to/model.zip``);
* `roost.rl.learned`: the ``learned`` bot kind, a network imitating search played with numpy
  (`roost.rl.mlp`; a BIG CHICKEN move's features: `roost.rl.moves`), trained by
  ``python -m roost.rl.learn`` (`roost.rl.expert`'s games).

The core never imports this package; it imports numpy and the RL libraries it adapts to.
"""
