curve: curve_arc.con 20
