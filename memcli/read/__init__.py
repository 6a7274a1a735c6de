"""The read path: hybrid retrieval and the context block.

- :func:`memcli.read.retrieve.retrieve` (MemoryRetrievalService) → ``list[Hit]``, best first;
- :func:`memcli.read.context.build_context` (MemoryContextBuilder) → :class:`ContextResult`;
- legs: :mod:`memcli.read.dense` (vec0 KNN), :mod:`memcli.read.lexical` (FTS5 + LIKE);
  fusion: :mod:`memcli.read.fusion` (weighted RRF, salience, recency, relevance floor);
  query encoder: :mod:`memcli.read.encoder`; query tokens: :mod:`memcli.read.tokens`.

Usually reached through :meth:`memcli.Memory.search` and :meth:`memcli.Memory.context`.
"""
