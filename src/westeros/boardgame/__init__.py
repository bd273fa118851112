"""A Game of Thrones: The Board Game (Second Edition), base game."""
