// Device-only min/max, as a toolkit's crt/math_functions.hpp declares them
// when clang parses the device side; host code calling them (toolkit.test).
static inline __attribute__((device)) int max(const int a, const int b) {
  return a > b ? a : b;
}
static inline __attribute__((device)) float min(const float a, const float b) {
  return a < b ? a : b;
}
int hostSide(int a, int b) { return max(a, b) + (int)min(1.0f, 2.0f); }
__attribute__((device)) int deviceSide(int a) { return max(a, 1); }
