"""The read path: hybrid retrieval and the context block. Never imports ``memcli.write`` or the facade.

- :class:`memcli.read.retrieve.MemoryRetrievalService` (store, settings, encoder) → :class:`Hits`
  (``list[Hit]``, best first; :mod:`memcli.read.results`);
- :class:`memcli.read.context.MemoryContextBuilder` (the retrieval service) → :class:`ContextResult`;
  the block's text in :mod:`memcli.read.render`;
- legs: :mod:`memcli.read.dense` (KNN), :mod:`memcli.read.lexical` (full text + LIKE),
  :mod:`memcli.read.slot_leg` (slots the query asks about); fusion: :mod:`memcli.read.fusion`
  (weighted RRF, salience, recency, relevance floor); query encoder: :mod:`memcli.read.encoder`
  (chosen once per Memory); query tokens: :mod:`memcli.read.tokens`.

Usually reached through :meth:`memcli.Memory.search` and :meth:`memcli.Memory.context`.
"""
