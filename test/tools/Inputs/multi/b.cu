// Does not parse: a missing semicolon and an undeclared name.
__global__ void broken(float *p) {
  p[threadIdx.x] = undeclared_value
}
