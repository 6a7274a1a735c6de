"""Evaluation harness: goldset formats, the decision pipeline on labelled pairs, retrieval
recall@k / MRR on goldset cases, user files and LoCoMo. Library only: the CLI renders."""
