lsystem: x
endlsystem
axiom: F
