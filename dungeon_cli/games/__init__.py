"""One package per game: ``rules`` (pure core), ``notation`` (its DGN words), ``render``."""
