axiom: @Q(1)
