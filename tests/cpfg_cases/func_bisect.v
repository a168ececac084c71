function: func_bisect.func 100
