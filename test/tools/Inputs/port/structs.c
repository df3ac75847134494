/* --port: structs declared outside a loop (test/tools/port-structs.test). */
typedef struct { float x, y, z; } V3;
typedef struct { V3 p; float w; } P4;
static float len2(V3 v) { return v.x * v.x + v.y * v.y + v.z * v.z; }
static V3 mk(float a) { V3 r; r.x = a; r.y = a; r.z = a; return r; }
void readfirst(int n, const float *a, float *out) {
  V3 d; d.x = 0;
  for (int i = 0; i < n; i++) { out[i] = d.x; d.x = a[i]; }
}
void partial(int n, const float *a, float *out) {
  V3 d;
  for (int i = 0; i < n; i++) { d.x = a[i]; out[i] = d.y; }
}
void whole(int n, const float *a, float *out) {
  V3 d;
  for (int i = 0; i < n; i++) { d.x = a[i]; d.y = a[i]; d.z = 1; out[i] = len2(d); }
}
void wholemissing(int n, const float *a, float *out) {
  V3 d;
  for (int i = 0; i < n; i++) { d.x = a[i]; d.y = a[i]; out[i] = len2(d); }
}
void cond(int n, const float *a, float *out) {
  V3 d;
  for (int i = 0; i < n; i++) { if (a[i] > 0) d.x = a[i]; out[i] = d.x; }
}
void condboth(int n, const float *a, float *out) {
  V3 d;
  for (int i = 0; i < n; i++) { if (a[i] > 0) d.x = a[i]; else d.x = 0; out[i] = d.x; }
}
void liveout(int n, const float *a, float *out, float *last) {
  V3 d;
  for (int i = 0; i < n; i++) { d.x = a[i]; out[i] = d.x; }
  last[0] = d.x;
}
static void set(V3 *v, float a) { v->x = a; }
void addr(int n, const float *a, float *out) {
  V3 d;
  for (int i = 0; i < n; i++) { set(&d, a[i]); d.y = 0; out[i] = d.x + d.y; }
}
void assign(int n, const float *a, float *out) {
  V3 d;
  for (int i = 0; i < n; i++) { d = mk(a[i]); out[i] = d.x; }
}
void nested(int n, const float *a, float *out) {
  P4 q;
  for (int i = 0; i < n; i++) { q.p = mk(a[i]); q.w = 2; out[i] = q.p.y * q.w; }
}
void nestedmissing(int n, const float *a, float *out) {
  P4 q;
  for (int i = 0; i < n; i++) { q.p.x = a[i]; out[i] = q.p.y; }
}
void inner(int n, const float *a, float *out) {
  V3 d;
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 3; k++) d.x = a[i * 3 + k];
    out[i] = d.x;
  }
}
void innermaybe(int n, int m, const float *a, float *out) {
  V3 d;
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < m; k++) d.x = a[i * 3 + k];
    out[i] = d.x;
  }
}
