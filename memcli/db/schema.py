"""Table names, in one place. SQL elsewhere refers to these constants."""

SOURCES = "memory_sources"
OUTBOX = "memory_capture_outbox"
ITEMS = "memory_items"
ITEM_SOURCES = "memory_item_sources"
EVENTS = "memory_events"
META = "memcli_meta"
MIGRATIONS = "memcli_migrations"
FTS = "memory_fts"  # FTS5 over jieba cut_for_search tokens, rowid = item id
VEC = "memory_vec"  # sqlite-vec vec0: item_id, user_id partition key, metadata, embedding

# Outbox task states.
PENDING, PROCESSING, DONE, DEAD = "pending", "processing", "done", "dead"
EPISODES = "memory_episodes"  # one row per drained user turn: chatter flag, whether it is an episode
EPISODE_FTS = "memory_episode_fts"  # FTS5 over the episodes' jieba tokens, rowid = source id
EPISODE_VEC = "memory_episode_vec"  # sqlite-vec vec0 of the episodes: source_id, user_id partition, occurred_at
