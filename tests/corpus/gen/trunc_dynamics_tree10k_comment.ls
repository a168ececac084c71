/* A tree that grows to 9,842 bodies while it sways.
   Every half second each apex turns into a segment with three branches
   (a ternary tree, 120 degrees apart); after 9 steps the tree has 9,841
   moving bodies on a fixed trunk, bending 