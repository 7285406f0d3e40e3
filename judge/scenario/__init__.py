"""Reading scenario files: safe YAML loading with line numbers for every
path (`yamlload`), and JSON Schema validation with judge-grade error
messages (`schema`)."""
