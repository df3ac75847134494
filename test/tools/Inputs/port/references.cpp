// --port on C++: places passed by reference or copied whole are accesses
// of the loop (test/tools/port-references.test).
struct Rec { float w; float *c; long tag; float cost; };
struct Two { float x, y; };

static float costOf(Rec r) { return r.cost; }
void by_value(Rec *p, int n) {
  for (int k = 0; k < n - 1; k++)
    p[k].cost = costOf(p[k + 1]) * 2;
}

void copy_init(Two *p, int n) {
  for (int k = 0; k < n - 1; k++) {
    Two t = p[k + 1];
    p[k].x = t.x;
  }
}

static float read_ref(const float &x) { return x; }
void const_ref(float *a, int n) {
  for (int k = 0; k < n - 1; k++)
    a[k] = read_ref(a[k + 1]);
}

static void bump(float &x) { x = x + 1; }
void ref_write(float *a, int n) {
  for (int k = 0; k < n - 1; k++) {
    bump(a[0]);
    a[k + 1] = 0;
  }
}

// Each iteration its own element, through a reference: parallel.
static void scale(float &x, float s) { x = x * s; }
void own_ref(float *a, int n, float s) {
  for (int k = 0; k < n; k++) {
    float &r = a[k];
    scale(r, s);
  }
}
