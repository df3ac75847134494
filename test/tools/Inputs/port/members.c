/* --port on members read through a struct pointer (Rodinia
   streamcluster's `points->num`, `points->p[i].coord`): test/tools/
   port-members.test. */
typedef struct {
  int num;
  int dim;
  float *coord;
  float *cost;
} Points;

void cost(Points *points, const float *c) {
  for (int i = 0; i < points->num; i++) {
    float s = 0;
    for (int k = 0; k < points->dim; k++) {
      float d = points->coord[i * points->dim + k] - c[k];
      s += d * d;
    }
    points->cost[i] = s;
  }
}

void shrink(Points *points, float *a) {
  for (int i = 0; i < points->num; i++) {
    a[i] = 0;
    points->num = points->num - 1;
  }
}

void reset(Points *points, Points *q) {
  for (int i = 0; i < points->num; i++)
    q->num = i;
}

void flush(Points *points);

void passed(Points *points, float *a) {
  for (int i = 0; i < points->num; i++)
    a[i] = 1;
  flush(points);
}

void indirect(int n, int m, const int *idx, const float *data, float *out) {
  for (int i = 0; i < n; i++) {
    float s = 0;
    for (int k = 0; k < m; k++)
      s += data[idx[i] + k];
    out[i] = s;
  }
}

/* Fields of different widths in an array of structures, under a host
   branch (streamcluster's pspeedy). */
typedef struct {
  float weight;
  float *coord;
  long assign;
  float cost;
} Point;

void reassign(int n, Point *p, float z, int open) {
  if (open)
    for (int k = 0; k < n; k++) {
      p[k].assign = 0;
      p[k].cost = z * p[k].weight;
    }
}

/* The same struct under another name: q->a is p->a. Two struct
   parameters are taken not to overlap, said. */
typedef struct {
  int n;
  float *a;
} Buf;

void alias_local(Buf *p, int n) {
  Buf *q = p;
  for (int i = 0; i < n - 1; i++)
    p->a[i] = q->a[i + 1] * 2;
}

void two_structs(Buf *p, Buf *q, int n) {
  for (int i = 0; i < n - 1; i++)
    p->a[i] = q->a[i + 1] * 2;
}
