#define LEAK 1
