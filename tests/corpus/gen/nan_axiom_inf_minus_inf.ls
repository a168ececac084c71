axiom: F(exp(1000)-exp(1000))
