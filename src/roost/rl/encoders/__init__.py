"""One observation encoder per game: ``roost.rl.encoders.<folder>`` exports ``ENCODER``."""
