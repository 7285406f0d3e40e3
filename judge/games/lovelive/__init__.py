"""The Love Live! Series Official Card Game (issue 16). So far: its comprehensive rules as a rule
index (rules/); the ruleset (engine, cards, scenarios) comes on the game-neutral protocol."""
