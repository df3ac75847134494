// Input of config-commands.test: a finding in a system header.
#include <strided.cuh>

void run(float *out) { stridedInHeader<<<1, 32>>>(out, 1024); }
