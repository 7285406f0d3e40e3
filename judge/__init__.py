"""judge: a rules-judge scenario tester for trading card games."""

__version__ = "0.1.0"
