"""Ovillo's setup, bundle and offline install: one stdlib-only package behind scripts/run, scripts/test,
scripts/bundle and a bundle's install/uninstall, so Linux, macOS and Windows share the same code."""
