"""Reviewing records: what changed in a game, not in its text.

A reviewer of a pull request full of records wants to know where two games of one deal
part and what it cost; ``git diff`` of the text shows neither. Everything here watches
the engine's one walk of each record (``transcript.Transcript`` is a visitor beside the
referee's ``Verdict``): no second replay loop to drift from what ``verify`` judges.
"""
