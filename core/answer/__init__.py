"""Grounded answers: context under a token budget, a local model, citations validated or a refusal."""
