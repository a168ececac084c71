#include <stdio.h>
axiom: F
