"""The answer-model interface: one abstract method, ``stream``.

:class:`LlamaGenerator` runs a GGUF through llama.cpp; :class:`ScriptedGenerator`
replays fixed replies so tests can drive the validator and refusal rules exactly.
"""

from __future__ import annotations

import ctypes
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.errors import Cancelled, ModelError
from core.progress import CancelToken

# the answer and check system prompts, plus one spare (a conversation's own first message)
MAX_SNAPSHOTS = 3


@dataclass(frozen=True)
class Message:
    """One chat message (``role``: system, user or assistant)."""

    role: str
    content: str


class Generator(ABC):
    """Streams text pieces for a list of chat messages."""

    name: str = "generator"
    n_ctx: int = 4096

    @abstractmethod
    def stream(self, messages: Sequence[Message], *, max_tokens: int, stop: Sequence[str] = (),
               cancel: CancelToken | None = None) -> Iterator[str]:
        """Yield the reply piece by piece; stop early (raising :class:`Cancelled`) when ``cancel`` fires."""

    def close(self) -> None:
        """Release what the model holds (a child process, for :class:`ProcessGenerator`)."""

    def count_tokens(self, text: str) -> int:
        """Tokens of ``text``; the default over-estimates (~3 characters a token) to stay inside budgets."""
        return len(text) // 3 + 1

    def yes_probability(self, messages: Sequence[Message], *, cancel: CancelToken | None = None) -> float | None:
        """P(the reply starts with "yes") among yes/no, read from the next-token distribution.

        None when this model cannot be asked (the answer checks then rely on the lexical test).
        """
        return None

    def prompt_stats(self) -> dict[str, int]:
        """``tokens`` of the last prompt and how many were ``reused`` from the KV cache ({} when unknown)."""
        return {}


Reply = str | Callable[[Sequence[Message]], str]


class ScriptedGenerator(Generator):
    """Replays one scripted reply per call (the last one repeats); records every prompt it got.

    A reply may be a function of the messages (to cite ids that only exist at run time).
    """

    def __init__(self, replies: Sequence[Reply], *, name: str = "scripted", n_ctx: int = 4096,
                 delay_s: float = 0.0, judge: Callable[[Sequence[Message]], float] | None = None) -> None:
        self.replies = list(replies)
        self.judge = judge
        self.judged: list[list[Message]] = []
        self.name = name
        self.n_ctx = n_ctx
        self.calls: list[list[Message]] = []
        self.delay_s = delay_s

    def stream(self, messages: Sequence[Message], *, max_tokens: int, stop: Sequence[str] = (),
               cancel: CancelToken | None = None) -> Iterator[str]:
        """Yield the next reply word by word (whitespace kept)."""
        self.calls.append(list(messages))
        reply = self.replies[min(len(self.calls) - 1, len(self.replies) - 1)] if self.replies else ""
        text = reply(messages) if callable(reply) else reply
        for piece in text.split(" ")[:max_tokens]:
            if cancel is not None:
                cancel.check()
            if self.delay_s:
                time.sleep(self.delay_s)
            yield piece + " "

    def yes_probability(self, messages: Sequence[Message], *, cancel: CancelToken | None = None) -> float | None:
        """The scripted judge's verdict (None without one, like a model that cannot be asked)."""
        if self.judge is None:
            return None
        self.judged.append(list(messages))
        return self.judge(messages)


class LlamaGenerator(Generator):
    """A GGUF chat model through llama-cpp-python, loaded once; generation honours a cancel token.

    Cancelling is checked between tokens and, through llama.cpp's abort callback, inside
    prompt evaluation too, so a long prompt does not delay a stop by seconds.
    """

    def __init__(self, path: Path, *, name: str, n_ctx: int = 4096, threads: int = 1,
                 temperature: float = 0.1, seed: int = 7) -> None:
        try:
            from llama_cpp import Llama
        except ImportError as exc:
            raise ModelError("llama-cpp-python is not installed",
                             hint="Run ./scripts/run (setup builds it once and caches the wheel).") from exc
        self.name = name
        self.temperature = temperature
        self._cancel: CancelToken | None = None
        self._lock = threading.Lock()  # one generation at a time per loaded model
        try:
            # read, not mapped: llama.cpp repacks most weights into its own buffers for the CPU's vector
            # unit, and the mapped file pages it read them from stayed resident beside them
            self._llm: Any = Llama(model_path=str(path), n_ctx=n_ctx, n_threads=threads, n_threads_batch=threads,
                                   seed=seed, verbose=False, use_mmap=False)
        except (ValueError, RuntimeError) as exc:
            raise ModelError(f"cannot load {path}: {exc}") from exc
        self.n_ctx = int(self._llm.n_ctx())
        self._install_abort_callback()
        self._template = self._chat_template()
        self._yes_no = self._answer_tokens()
        # KV snapshots, one per system prompt (answer, check): the latest state that began with it
        self._snapshots: dict[tuple[int, ...], tuple[tuple[int, ...], bytes]] = {}
        self.last_prompt: dict[str, int] = {}

    @property
    def llama(self) -> Any:
        """The loaded ``llama_cpp.Llama`` (benchmarks time it bare, beside this wrapper)."""
        return self._llm

    def prompt_text(self, messages: Sequence[Message]) -> str:
        """``messages`` rendered with the GGUF's own chat template (ModelError when it has none)."""
        if self._template is None:
            raise ModelError("the GGUF has no chat template")
        return str(self._template(messages=[{"role": m.role, "content": m.content} for m in messages]).prompt)

    def _install_abort_callback(self) -> None:
        """Let llama.cpp poll our cancel token during decode (best effort: older bindings lack it)."""
        try:
            import llama_cpp

            cb_type = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p)
            # kept on self: llama.cpp holds only a raw pointer to it
            self._abort_cb: Any = cb_type(lambda _data: bool(self._cancel is not None and self._cancel.cancelled))
            llama_cpp.llama_set_abort_callback(self._llm._ctx.ctx, self._abort_cb, None)
        except (AttributeError, TypeError, ctypes.ArgumentError):
            self._abort_cb = None

    def _chat_template(self) -> Any:
        """The GGUF's own chat template (the one create_chat_completion formats with), or None."""
        template = self._llm.metadata.get("tokenizer.chat_template")
        if not template:
            return None
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        def text(token: int) -> str:
            return self._llm.detokenize([token], special=True).decode("utf-8", "ignore") if token >= 0 else ""

        return Jinja2ChatFormatter(template, eos_token=text(self._llm.token_eos()),
                                   bos_token=text(self._llm.token_bos()))

    def _answer_tokens(self) -> tuple[list[int], list[int]]:
        """First tokens of the spellings of "yes" and "no" a chat model may open its reply with."""
        def first(words: tuple[str, ...]) -> list[int]:
            toks = {self._llm.tokenize(w.encode("utf-8"), add_bos=False, special=False)[0] for w in words}
            return sorted(toks)

        return first(("yes", "Yes", "YES", " yes", " Yes")), first(("no", "No", "NO", " no", " No"))

    def yes_probability(self, messages: Sequence[Message], *, cancel: CancelToken | None = None) -> float | None:
        """P(yes) / (P(yes) + P(no)) for the first reply token, from one prompt evaluation (no sampling).

        The KV cache keeps the longest shared prefix, so checks that share the system prompt and
        a passage only evaluate what differs. Cancellable inside evaluation like :meth:`stream`.
        """
        if self._template is None:
            return None
        import numpy as np

        tokens = self._prompt_tokens(messages)
        with self._lock:
            self._cancel = cancel
            try:
                if cancel is not None:
                    cancel.check()
                llm = self._llm
                self._restore(tokens)
                # evaluate at least the last token: its logits are the verdict
                llm.n_tokens = min(_shared(llm.input_ids[: llm.n_tokens], tokens), len(tokens) - 1)
                self.last_prompt = {"tokens": len(tokens), "reused": llm.n_tokens}
                try:
                    llm.eval(tokens[llm.n_tokens:])
                except RuntimeError as exc:
                    llm.reset()
                    if cancel is not None and cancel.cancelled:
                        raise Cancelled("cancelled") from exc
                    raise ModelError(f"check failed: {exc}") from exc
                logits = np.ctypeslib.as_array(llm._ctx.get_logits(), shape=(llm.n_vocab(),)).astype(np.float64)
                self._snapshot(messages)
            finally:
                self._cancel = None
        probs = np.exp(logits - logits.max())
        yes, no = (float(probs[list(ids)].sum()) for ids in self._yes_no)
        return yes / (yes + no) if yes + no > 0 else None

    def _prompt_tokens(self, messages: Sequence[Message]) -> list[int]:
        """The chat prompt as create_chat_completion tokenises it (the GGUF's template, special tokens)."""
        prompt = self._template(messages=[{"role": m.role, "content": m.content} for m in messages]).prompt
        return list(self._llm.tokenize(prompt.encode("utf-8"), special=True))

    def _snapshot(self, messages: Sequence[Message]) -> None:
        """Keep the live KV state under its system prompt, so the next prompt that starts alike skips it.

        Answers and model checks alternate in one KV cache; without this, each would evict the
        other's system prompt, and a regeneration would re-read the whole evidence after the checks.
        """
        import llama_cpp

        llm = self._llm
        if not messages or llm.n_tokens == 0:
            return
        head = self._template(messages=[{"role": messages[0].role, "content": messages[0].content}]).prompt
        key = tuple(llm.tokenize(head.encode("utf-8"), special=True))
        size = llama_cpp.llama_state_get_size(llm._ctx.ctx)
        buf = (ctypes.c_uint8 * size)()
        n = llama_cpp.llama_state_get_data(llm._ctx.ctx, buf, size)
        self._snapshots.pop(key, None)
        self._snapshots[key] = (tuple(int(t) for t in llm.input_ids[: llm.n_tokens]), ctypes.string_at(buf, n))
        while len(self._snapshots) > MAX_SNAPSHOTS:
            self._snapshots.pop(next(iter(self._snapshots)))

    def _restore(self, tokens: Sequence[int]) -> None:
        """Load the snapshot sharing the longest prefix with ``tokens`` when it beats the live KV cache."""
        import llama_cpp

        llm = self._llm
        best = _shared(llm.input_ids[: llm.n_tokens], tokens)
        pick: tuple[tuple[int, ...], bytes] | None = None
        for saved, data in self._snapshots.values():
            n = _shared(saved, tokens)
            if n > best:
                best, pick = n, (saved, data)
        if pick is None:
            return
        saved, data = pick
        state = (ctypes.c_uint8 * len(data)).from_buffer_copy(data)
        if llama_cpp.llama_state_set_data(llm._ctx.ctx, state, len(data)) != len(data):
            llm.reset()
            return
        llm.input_ids[: len(saved)] = saved
        llm.n_tokens = len(saved)
        llm._requires_eval = True  # restored logits are not a live decode's

    def prompt_stats(self) -> dict[str, int]:
        """Tokens of the last prompt and how many of them the KV cache already held (not evaluated)."""
        return dict(self.last_prompt)

    def count_tokens(self, text: str) -> int:
        """Exact token count with the model's own tokenizer."""
        return len(self._llm.tokenize(text.encode("utf-8"), add_bos=False, special=False))

    def stream(self, messages: Sequence[Message], *, max_tokens: int, stop: Sequence[str] = (),
               cancel: CancelToken | None = None) -> Iterator[str]:
        """Stream a chat completion (the GGUF's own chat template formats the messages)."""
        with self._lock:
            self._cancel = cancel
            try:
                if cancel is not None:
                    cancel.check()
                if self._template is not None:
                    tokens = self._prompt_tokens(messages)
                    self._restore(tokens)
                    # what llama-cpp-python's own prefix match will skip (it re-evaluates at least one token)
                    self.last_prompt = {"tokens": len(tokens),
                                        "reused": min(_shared(self._llm.input_ids[: self._llm.n_tokens], tokens),
                                                      len(tokens) - 1)}
                chunks = self._llm.create_chat_completion(
                    messages=[{"role": m.role, "content": m.content} for m in messages], max_tokens=max_tokens,
                    stop=list(stop) or None, temperature=self.temperature, repeat_penalty=1.1, stream=True)
                try:
                    for chunk in chunks:
                        if cancel is not None:
                            cancel.check()
                        piece = chunk["choices"][0]["delta"].get("content")
                        if piece:
                            yield piece
                    self._snapshot(messages)  # a regeneration continues this prompt and answer
                except RuntimeError as exc:  # llama_decode returns "aborted" when the callback fired
                    if cancel is not None and cancel.cancelled:
                        raise Cancelled("cancelled") from exc
                    raise ModelError(f"generation failed: {exc}") from exc
                finally:
                    chunks.close()
            finally:
                self._cancel = None


def _shared(a: Sequence[int], b: Sequence[int]) -> int:
    """Length of the common prefix of two token lists."""
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n


def open_llama(path: str, name: str, n_ctx: int, threads: int) -> LlamaGenerator:
    """Load a GGUF in this process (the answer model's child process calls this)."""
    return LlamaGenerator(Path(path), name=name, n_ctx=n_ctx, threads=threads)
