"""Seed 7's best line, the 21-turn win `dungeon solve --seed 7 scoundrel` finds: a legal,
seeded, won record that the docs, review and analysis tests all start from."""

SEVEN = """[Game "scoundrel"]
[Seed "7"]
[Result "win 30"]

1. 9c 7h 2c 3c : 2c 3c 7h
2. (9c) Js 9d Qs : 9d xJs x9c
3. (Qs) 4c Qc 8d : x4c 8d xQs
4. (Qc) 4d 6d 2h : 4d 6d 2h
5. (Qc) 9s As Td : run
6. 7c Ks 3d Tc : xKs xTc x7c
7. (3d) 3h 2d 6c : 3h x6c 2d
8. (3d) 2s 5h 5c : run
9. 4h 8s 5d 6h : 5d x8s 6h
10. (4h) 9h 6s 3s : run
11. Ac 8h 7d Jc : 8h 7d xJc
12. (Ac) 7s Th 5s : run
13. 4s Kc Ts 8c : xTs x8c x4s
14. (Kc) Qc 9s As : run
15. Td 3d 2s 5h : x2s 3d 5h
16. (Td) 5c 4h 9h : x5c Td 4h
17. (9h) 6s 3s Ac : 3s xAc 9h
18. (6s) 7s Th 5s : run
19. Kc Qc 9s As : xAs xKc xQc
20. (9s) 6s 7s Th : x9s x7s x6s
21. (Th) 5s : x5s Th
"""
# The same game as Ada played it (the review pages' example).
ADA = SEVEN.replace('[Seed "7"]\n', '[Seed "7"]\n[Player "Ada"]\n', 1)
