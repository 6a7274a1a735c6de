"""The one registry of write-path backends: extractors and judges chosen by name.

The interfaces live in :mod:`memcli.write.extract` (:class:`~memcli.write.extract.Extractor`)
and :mod:`memcli.write.judge` (:class:`~memcli.write.judge.Judge`); the LLM implementations in
:mod:`memcli.write.llm`. Only this module knows all three, so none of them imports another
lazily to dodge a cycle. The LLM module is imported only when an LLM backend is chosen
(it needs the ``memcli[llm]`` extra).

Names: extractor ``fitted`` (default: the rules plus the fitted clause model,
:class:`~memcli.write.fitted_extract.FittedExtractor`) | ``rules`` | ``llm``; judge ``auto`` (the LLM when
``llm_base_url``/``llm_model`` are set, else ``fitted`` when weights fitted for the model
exist, else ``offline``) | ``fitted`` (:class:`~memcli.write.fitted.FittedJudge`) |
``offline`` (the rule judge) | ``llm``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from memcli.errors import ConfigError
from memcli.settings import Settings
from memcli.write.extract import Extractor, RuleExtractor
from memcli.write.fitted import FittedJudge, load_weights
from memcli.write.fitted_extract import FittedExtractor
from memcli.write.judge import Judge, OfflineJudge

__all__ = ["EXTRACTORS", "JUDGES", "get_extractor", "get_judge"]


def _llm_extractor(settings: Settings, embedder: Any = None) -> Extractor:
    from memcli.write.llm import LLMExtractor

    return LLMExtractor(settings)


def _llm_judge(settings: Settings) -> Judge:
    from memcli.write.llm import LLMJudge

    return LLMJudge(settings)


def _rule_extractor(settings: Settings, embedder: Any = None) -> Extractor:
    return RuleExtractor(settings)


#: extractor name → factory(settings, embedder)
EXTRACTORS: dict[str, Callable[[Settings, Any], Extractor]] = {
    "fitted": FittedExtractor, "rules": _rule_extractor, "llm": _llm_extractor}
#: judge name → factory(settings); ``auto`` is resolved by :func:`get_judge`
JUDGES: dict[str, Callable[[Settings], Judge]] = {"fitted": FittedJudge, "offline": OfflineJudge, "llm": _llm_judge}


def get_extractor(settings: Settings, embedder: Any = None) -> Extractor:
    """The configured extractor (``settings.extractor``): ``fitted`` (default), ``rules`` or ``llm``.
    ``embedder``: the write-path embedder (or a callable loading it) the fitted one scores with.

    Raises:
        ConfigError: unknown name, or ``llm`` without ``llm_base_url``/``llm_model``.
    """
    factory = EXTRACTORS.get(settings.extractor)
    if factory is None:
        raise ConfigError(f"unknown extractor {settings.extractor!r}; expected fitted, rules or llm")
    return factory(settings, embedder)


def get_judge(settings: Settings) -> Judge:
    """The configured judge (``settings.judge``): ``auto`` (LLM when configured, else fitted
    when weights for the model exist, else offline), ``fitted``, ``offline`` or ``llm``.

    Raises:
        ConfigError: unknown name, ``llm`` without an endpoint configured, ``fitted`` without
            weights for the model, or an unreadable ``judge_weights`` file.
    """
    name = settings.judge
    if name == "auto":
        name = "llm" if settings.llm_configured else "fitted" if load_weights(settings) is not None else "offline"
    factory = JUDGES.get(name)
    if factory is None:
        raise ConfigError(f"unknown judge {settings.judge!r}; expected auto, fitted, offline or llm")
    return factory(settings)
