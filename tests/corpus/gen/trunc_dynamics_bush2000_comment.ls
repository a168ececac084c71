/* A bush of 2,048 bodies that grows and sways: the load test of the viewer.

   Every apex A(d) makes one internode (a body B on a joint J), rolls by the
   golden angle and forks in two, until depth D: 2^D - 1 jointed bodies on a
   fixed base, 2,048 for D = 11, with a leaf (a polygon) at every tip. One
   fork level every `grow every` seco