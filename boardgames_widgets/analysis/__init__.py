"""Analysis: exact probabilities, simulation, tournaments and ratings (standard library and tqdm only)."""
