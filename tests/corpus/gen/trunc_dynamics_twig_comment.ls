/* A twig that breaks under its load.
   A thin horizontal twig grows one segment every 0.25 s and finally sets a
   heavy fruit at its tip. Every derivation step, each joint bent by more than
   BREAK radians is replaced by a cut (%): the rest of the twig falls away.
   Try