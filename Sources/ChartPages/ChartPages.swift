// ChartPages: see docs/architecture.md
