"""Sub-commands of the `judge` CLI, one module per area."""
