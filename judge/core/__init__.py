"""The game-agnostic kernel: state, events, decisions, check timing. No game words here."""
