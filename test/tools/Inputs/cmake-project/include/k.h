#define HALF 32
