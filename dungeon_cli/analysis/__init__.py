"""Where a game was lost: ``analyse`` judges every decision of a record (``judging``),
fairly and in hindsight (``hindsight``), into figures (``judgements``) that it writes
back into the record (``annotating``, ``lines``); ``hint`` asks the same at the prompt."""

from .annotating import annotate, comment, noted
from .hindsight import monotone
from .judgements import BLUNDER, HINDSIGHT_SECONDS, INACCURACY, MISTAKE, ONLY, Analysis, Fair, Hindsight, Judgement, percent
from .judging import SAMPLES, analyse, cannot_judge

__all__ = ["BLUNDER", "HINDSIGHT_SECONDS", "INACCURACY", "MISTAKE", "ONLY", "SAMPLES", "Analysis", "Fair", "Hindsight"]
__all__ += ["Judgement", "analyse", "annotate", "cannot_judge", "comment", "monotone", "noted", "percent"]
