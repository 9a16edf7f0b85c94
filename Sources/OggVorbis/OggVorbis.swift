// OggVorbis: see docs/architecture.md
