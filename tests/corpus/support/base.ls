/* The L-system the corpus's string files are read with (lsd derive support/base.ls --axiom-file FILE). */
module: Apex
derivation length: 1
axiom: F
F --> F
