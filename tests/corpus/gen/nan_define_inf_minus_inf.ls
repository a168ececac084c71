#define x exp(1000)-exp(1000)
axiom: F(x)
