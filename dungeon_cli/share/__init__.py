"""Games to share: a replay or a review as one self-contained web page, pictures of
simulations and of a player's games over time. Nothing here is needed to play or check
a game."""
