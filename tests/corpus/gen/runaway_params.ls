derivation length: 60
axiom: A(1,2,3,4,5,6,7,8)
A(a,b,c,d,e,f,g,h) --> A(a,b,c,d,e,f,g,h) A(h,g,f,e,d,c,b,a)
