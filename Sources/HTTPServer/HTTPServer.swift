// HTTPServer: see docs/architecture.md
