"""Adapters of memcli to agent frameworks (each needs its framework's extra).

- :mod:`memcli.integrations.langgraph` — :class:`~memcli.integrations.langgraph.MemcliStore`,
  LangGraph's long-term memory store (``pip install 'memcli[langgraph]'``).
"""
