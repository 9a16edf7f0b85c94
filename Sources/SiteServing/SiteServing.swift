// SiteServing: see docs/architecture.md
