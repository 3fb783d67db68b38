"""The plumbing every layer may use: the doors files come in and go out by (``inputs``,
``safe_write``), the standard streams (``streams``, ``colouring``), the worker processes
and the cluster (``workers``, ``cluster_guard``), the project's settings, how findings
are written (``report``), where the tool keeps its own files (``user_data``) and how the
user runs it (``invoked``). None of it knows a game's rules or which games there are.
"""
