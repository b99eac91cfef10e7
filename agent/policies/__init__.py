"""Policies over the agent loop (one a file) and the deterministic pre-router."""
