/* The page's rod (tests/web/page_test.mjs, test 8): a stem and four curved,
   twisted Super-Helix elements (docs/language.md 7.9) started at their rest
   shape, level, which fall and swing under their weight. Drawn as one tube
   of 16-point rings with the twist's stripe. */
axiom: B(0.1, 0.01) +(90) ;(2) K S(0.1, 0.006, 10, 0, 4) K S(0.1, 0.006, 10, 0, 4) K S(0.1, 0.006, 10, 0, 4) K S(0.1, 0.006, 10, 0, 4)
dynamics:
  young: 2e6
  stiffness damping: 0.02
  dt: 1/60
