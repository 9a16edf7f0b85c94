// SiteExport: see docs/architecture.md
