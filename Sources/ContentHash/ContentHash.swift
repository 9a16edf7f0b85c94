// ContentHash: see docs/architecture.md
