/* Regression (parse_fuzz): locating any node of the parse tree read a dangling
   view of the input name (AddressSanitizer: stack-buffer-underflow in
   Converter::at); every file with a production triggered it. */
axiom: F
[ --> F
