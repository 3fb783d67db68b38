"""What the commands do, apart from the command line: judge a record (``referee``), play
one that writes itself (``session``), play many (``simulate``, ``sim_summary``), solve
many deals (``solve_seeds``), write records canonically (``formatting``), and the daily
deal (``daily_seed``). Each is called by the command line and the front ends, and
calls the engine, the registry and the lookups; none reads options or prints.
"""
