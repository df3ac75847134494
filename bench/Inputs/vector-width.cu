// Kernels for bench/vector-width.py: field accesses nvcc does or does not
// merge into one vector access (docs/checks/uncoalesced-access.md, "Vector
// accesses"). Each kernel's global loads and stores, with their widths in
// nvcc's PTX, are compared with warplint's requests.
#define T (blockIdx.x * blockDim.x + threadIdx.x)

struct __align__(8) Pair8 { float x, y; };
struct Pair4 { float x, y; };
struct Point3 { float x, y, z; };
struct __align__(16) Point16 { float x, y, z; };
struct Mixed { int key; short a, b; };

__global__ void f2xy(float *o, const float2 *p) { o[T] = p[T].x + p[T].y; }
__global__ void f2x(float *o, const float2 *p) { o[T] = p[T].x; }
__global__ void f4xz(float *o, const float4 *p) { o[T] = p[T].x + p[T].z; }
__global__ void f4xyzw(float *o, const float4 *p) {
  o[T] = p[T].x + p[T].y + p[T].z + p[T].w;
}
__global__ void f4zw(float *o, const float4 *p) { o[T] = p[T].z * p[T].w; }
__global__ void u4all(unsigned *o, const uchar4 *c) {
  o[T] = c[T].x + c[T].y + c[T].z + c[T].w;
}
__global__ void d2xy(double *o, const double2 *p) { o[T] = p[T].x - p[T].y; }
__global__ void pair8(float *o, const Pair8 *s) { o[T] = s[T].x + s[T].y; }
__global__ void pair4(float *o, const Pair4 *s) { o[T] = s[T].x + s[T].y; }
__global__ void point3(float *o, const Point3 *s) {
  o[T] = s[T].x + s[T].y + s[T].z;
}
__global__ void point16(float *o, const Point16 *s) {
  o[T] = s[T].x + s[T].y + s[T].z;
}
__global__ void mixed(int *o, const Mixed *m) { o[T] = m[T].key + m[T].a; }
__global__ void f2store(float2 *p, const float *a) {
  p[T].x = a[T];
  p[T].y = 2.0f * a[T];
}
__global__ void f2storeConst(float2 *p, const float *a) {
  float v = a[T];
  p[T].x = v;
  p[T].y = 0.5f * v;
}
__global__ void f2storeBetween(float2 *p, float *q) {
  float x = p[T].x;
  q[T] = x;
  p[T].y = x;
}
__global__ void f2aliasedLoads(float2 *p, float *q) {
  float x = p[T].x;
  q[T] = x;
  float y = p[T].y;
  q[T + 1] = y;
}
__global__ void sharedF2(float *o, const float2 *p) {
  __shared__ float2 s[256];
  s[threadIdx.x] = p[T];
  __syncthreads();
  o[T] = s[255 - threadIdx.x].x + s[255 - threadIdx.x].y;
}
// Read-modify-write of three bytes of a uchar4, field by field: the loads
// merge across the stores (which write other bytes), the stores split into
// a 2-byte and a 1-byte store.
__global__ void blendRGB(uchar4 *img, uchar4 c, int n) {
  int p = T;
  img[p].x = (img[p].x * n + c.x) / (n + 1);
  img[p].y = (img[p].y * n + c.y) / (n + 1);
  img[p].z = (img[p].z * n + c.z) / (n + 1);
}
__global__ void f4storeXYZ(float4 *p, const float *a) {
  float v = a[T];
  p[T].x = v;
  p[T].y = v + 1.0f;
  p[T].z = v + 2.0f;
}
__global__ void f4storeAll(float4 *p, const float *a) {
  float v = a[T];
  p[T].w = v;
  p[T].x = v + 1.0f;
  p[T].z = v + 2.0f;
  p[T].y = v + 3.0f;
}
