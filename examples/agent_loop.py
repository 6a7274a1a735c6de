"""memcli in an agent loop; runs offline (the model is a stand-in). MEMCLI_DB=/tmp/a.db python examples/agent_loop.py"""
import threading

from memcli import Memory

SYSTEM = "You are a concise, friendly assistant."  # static: stays first, so the prompt cache holds


def model(messages: list[dict]) -> str:  # stand-in for your LLM call
    blocks = [m["content"] for m in messages[1:] if m["role"] == "system"]
    return f"({len(messages)} messages; memory: {blocks[0].splitlines()[1:-1] if blocks else 'none'})"


def drain_in_background(mem: Memory) -> threading.Thread:
    def work() -> None:  # own connection; distils only this user's captured turns
        with Memory(settings=mem.settings) as worker:
            worker.drain()
    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    return thread


def turn(mem: Memory, history: list[dict], text: str) -> tuple[str, threading.Thread]:
    mem.capture(text, session="demo")  # online step: two row inserts, no model call
    ctx = mem.context(text, fmt="messages", system=SYSTEM, history=history)  # hard 800 ms budget
    reply = model([*ctx.messages, {"role": "user", "content": text}])  # memory block right after SYSTEM
    mem.capture(reply, role="assistant", session="demo")  # a short answer to its question is read with it
    history += [{"role": "user", "content": text}, {"role": "assistant", "content": reply}]
    return reply, drain_in_background(mem)


if __name__ == "__main__":
    with Memory(user="alice") as mem:
        history: list[dict] = []
        for text in ("我咖啡不加糖", "My sister lives in Lyon", "咖啡要加糖吗？"):
            reply, drainer = turn(mem, history, text)
            print(f"user: {text}\nassistant: {reply}")
            drainer.join()  # demo only: a real user takes longer to type than the drain takes
