/* A herb that grows and sways: the default plant of `lsd view` (make run).

   A monopodial stem of N internodes, each one a rigid cylinder B joined to
   the one below by a spherical joint J, turns by the golden angle (137.5
   degrees) at every node, so its lateral branches stand in a spiral
   (phyllotaxis). Each lateral branch grows a few internodes of its own with a
   pair of leaves at every node; the apex ends in a yellow flower. Leaves are
   polygons whose edges f(s) grow until they reach LEAF. About 60 bodies when
   grown, one derivation step every `grow every` seconds, and it sways under
   its own weight while 