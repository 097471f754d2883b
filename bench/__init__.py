"""Hearth benchmarks (spec section 13): run with `python -m bench.run_all`; see bench/README.md."""
