axiom: F /* no end
