axoim: F
