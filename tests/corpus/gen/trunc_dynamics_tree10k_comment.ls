/* A tree that grows to 13,122 bodies while it sways.
   Every half second each apex turns into a segment with branches: four from
   the trunk, then three from every branch (120 degrees apart). After 9 steps
   the tree has 13,121 moving bodies on a fixed trunk, 