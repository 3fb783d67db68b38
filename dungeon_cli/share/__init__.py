"""Games to share: a replay as one self-contained web page, pictures of simulations,
and the daily deal's seed. Nothing here is needed to play or check a game."""
