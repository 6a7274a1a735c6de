"""A LangGraph agent with memcli as its long-term memory; runs offline (the model is a stand-in).

    pip install 'memcli[langgraph]'
    MEMCLI_DB=/tmp/lg.db python examples/langgraph_agent.py

Each turn: ``recall`` reads memcli's context block for the user's message, ``respond`` calls the
model with the block right after the system prompt, ``capture`` records the turn (two row
inserts) and drains it. The store LangGraph hands to nodes is :class:`MemcliStore`, so
``store.search`` is memcli's hybrid retrieval too. The user comes from the host's config.
"""

from typing import TypedDict

from langchain_core.runnables import RunnableConfig
from langgraph.config import get_store
from langgraph.graph import END, START, StateGraph

from memcli import Memory
from memcli.integrations.langgraph import MemcliStore

SYSTEM = "You are a concise, friendly assistant."


class Turn(TypedDict, total=False):
    text: str
    block: str
    reply: str


def memory_of(config: RunnableConfig) -> Memory:  # the host binds the user; the model never chooses it
    return get_store().memory(config["configurable"]["user_id"])  # opened once per user, the model shared


def recall(state: Turn, config: RunnableConfig) -> Turn:
    return {"block": memory_of(config).context(state["text"]).text}  # "" when nothing is relevant: no block at all


def respond(state: Turn, config: RunnableConfig) -> Turn:  # stand-in for your LLM call
    messages = [{"role": "system", "content": SYSTEM}] + (
        [{"role": "system", "content": state["block"]}] if state["block"] else []) + [
        {"role": "user", "content": state["text"]}]
    related = get_store().search(("memories", config["configurable"]["user_id"]), query=state["text"], limit=1)
    return {"reply": f"({len(messages)} messages; top memory: {related[0].value['text'] if related else 'none'})"}


def capture(state: Turn, config: RunnableConfig) -> Turn:
    mem = memory_of(config)
    session = config["configurable"].get("thread_id")
    mem.capture(state["text"], session=session)
    mem.capture(state["reply"], role="assistant", session=session)  # a short answer to it is read with it
    mem.drain()  # demo: at once; a service drains in the background (memcli serve does)
    return {}


def build(store: MemcliStore):  # noqa: ANN201
    g = StateGraph(Turn)
    for name, fn in (("recall", recall), ("respond", respond), ("capture", capture)):
        g.add_node(name, fn)
    g.add_edge(START, "recall")
    g.add_edge("recall", "respond")
    g.add_edge("respond", "capture")
    g.add_edge("capture", END)
    return g.compile(store=store)


if __name__ == "__main__":
    with MemcliStore() as store:
        graph = build(store)
        config = {"configurable": {"user_id": "alice", "thread_id": "demo"}}
        for text in ("我咖啡不加糖", "My sister lives in Lyon", "咖啡要加糖吗？"):
            out = graph.invoke({"text": text}, config)
            print(f"user: {text}\nassistant: {out['reply']}\nblock: {'yes' if out['block'] else 'none'}")
