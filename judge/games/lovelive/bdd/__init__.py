"""Love Live!'s Gherkin steps (judge/bdd, docs/gherkin.md)."""
