/* A weeping tree with soft branches in the wind.
   A stiff trunk carries long, soft, hanging branches (E = 1e8 Pa) that sway
   in a steady WIND (m/s along x) through linear air drag. The branches grow
   a segment every 0.4 s; the longer they get,