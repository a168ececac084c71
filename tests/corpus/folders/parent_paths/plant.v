angle factor: 8
contour: 1 ../outside.con
contour: 2 link.con
surface: s ../outside.s 1
texture: F: ../outside.rgb
function: ../outside.func
curve: ../outside.con
