"""Recorded agreement levels of CGPredict's tables (table.py, table5.py):
the mean absolute errors and Spearman coefficients a change must not make
worse. validation/polybench/levels.json holds one section per table;
`--record-levels` rewrites a section, `--levels` checks against it (the
CTest test port-tables does). A mean error may grow by at most 0.5
percentage points and a Spearman coefficient drop by at most 0.005
(rounding), as validation/compare.py does for the GPU measurements."""
import json
import os

FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "levels.json")
ERROR_SLACK = 0.5
SPEARMAN_SLACK = 0.005


def record(path, section, metrics):
    data = {}
    if os.path.exists(path):
        with open(path) as f:
            data = json.load(f)
    data[section] = {k: round(v, 4) for k, v in sorted(metrics.items())}
    with open(path, "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.write("\n")


def check(path, section, metrics):
    """Problems, one line each; empty when every metric is at or above its
    recorded level (errors: lower is better; spearman: higher)."""
    with open(path) as f:
        want = json.load(f).get(section)
    if want is None:
        return ["%s: no section '%s'" % (path, section)]
    problems = []
    for name, level in sorted(want.items()):
        if name not in metrics:
            problems.append("%s: not computed" % name)
            continue
        got = metrics[name]
        if name.endswith("spearman"):
            if got < level - SPEARMAN_SLACK:
                problems.append("%s: %.3f, below the recorded %.3f" %
                                (name, got, level))
        elif got > level + ERROR_SLACK:
            problems.append("%s: %.1f %%, above the recorded %.1f %%" %
                            (name, got, level))
    return problems


def apply(argv, section, metrics):
    """--record-levels[=FILE] / --levels[=FILE] from argv: returns the exit
    status (0, or 1 with the problems printed)."""
    for a in argv:
        if a.startswith("--record-levels"):
            path = a.split("=", 1)[1] if "=" in a else FILE
            record(path, section, metrics)
            print("recorded %s levels in %s" % (section, path))
        elif a.startswith("--levels"):
            path = a.split("=", 1)[1] if "=" in a else FILE
            problems = check(path, section, metrics)
            for p in problems:
                print("%s: %s" % (section, p))
            if problems:
                return 1
            print("%s: agreement at or above the recorded levels (%s)" %
                  (section, path))
    return 0
