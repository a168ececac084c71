angle factor: 8
function: big.func
