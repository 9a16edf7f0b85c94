// Sonification: see docs/architecture.md
