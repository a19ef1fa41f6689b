"""Simulation at scale: benchmarks, batch play and (later) arenas."""
