"""Tally: exact answers about a whole table. The seams are Protocols: Model (agent.models),
Tool (agent.tools), Policy (agent.policies), Engine (agent.engine)."""
