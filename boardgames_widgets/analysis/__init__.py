"""Analysis: exact probabilities, path enumeration, Markov chains, simulation, tournaments and ratings.

Modules are imported on demand; numerical ones (Markov chains) use numpy.
"""
