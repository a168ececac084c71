/* A stem that yields plastically.
   A leaning stem with a heavy head bends under its weight. Every 0.2 s, a
   joint bent by more than YIELD radians about its U axis keeps the bend: the
   production moves the bend into the rest shape (a turn before the joint) and
   leaves the joint unbent, so the 