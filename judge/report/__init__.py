"""Reports: plain-text views of rules, scenarios and results."""
