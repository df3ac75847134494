#!/usr/bin/env python3
"""Order agreement of warplint's estimates with published GPU measurements.

    published.py [--csv validation/published/measurements.csv]
                 [--warplint build/bin/warplint] [--model auto ...]
                 [--basis time|mpe] [--markdown FILE] [--json FILE]
                 [--min-pairs X] [--require-steps]

Each row of the CSV is one published measurement of one kernel variant on one
GPU (columns: family, gpu, arch, file (under validation/), defines, kernel,
variant, value, unit, step_from, step, source, location, notes). A value in
ms is a time; one in GB/s is an effective bandwidth over the same bytes for
every variant of the family, so the time is taken as 1/value.

For every (file, defines, arch) warplint runs once:

    warplint --estimate --format=json --arch=ARCH [--model=M] FILE -- -DX=Y

and the variant's predicted time is the first estimate of its kernel:
`hong_kim.selected_model.time_seconds` (basis "time", the model asked for
with --model; several --model give several columns), or 1/MPE (basis "mpe",
CuMAPz's memory performance estimate).

Reported per family and GPU (Markdown on stdout):

  pairs   the share of variant pairs ordered alike by the prediction and the
          measurement; a pair the prediction ties counts as wrong, a pair the
          measurement ties is left out;
  rho     Spearman's rank correlation (average ranks for ties);
  steps   the one-change steps (rows with step_from) whose direction the
          prediction gets right;
  pred/meas  the median of predicted / measured time, for families
          published in ms (n/a for GB/s: their bytes are not restated).

Exit status: 0; 1 when --min-pairs is given and a family is below it, or
--require-steps and a step is wrong; 2 on bad input. Python 3 standard
library only.
"""
import argparse
import csv
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from compare import spearman  # noqa: E402


def die(msg):
    print(f"published.py: {msg}", file=sys.stderr)
    sys.exit(2)


def read_rows(path):
    try:
        with open(path, newline="") as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        die(f"cannot read {path}: {e.strerror}")
    need = {"family", "gpu", "arch", "file", "kernel", "variant", "value", "unit"}
    for n, r in enumerate(rows, start=2):
        missing = [k for k in need if not (r.get(k) or "").strip()]
        if missing:
            die(f"{path}:{n}: missing {', '.join(sorted(missing))}")
        if r["unit"] not in ("ms", "GB/s"):
            die(f"{path}:{n}: unit '{r['unit']}' is neither ms nor GB/s")
        try:
            r["value"] = float(r["value"])
        except ValueError:
            die(f"{path}:{n}: value '{r['value']}' is not a number")
        r["measured_time"] = r["value"] if r["unit"] == "ms" else 1.0 / r["value"]
    return rows


def estimates(warplint, path, arch, defines, model):
    args = [warplint, "--estimate", "--format=json", f"--arch={arch}"]
    if model:
        args.append(f"--model={model}")
    args += [path, "--"]
    args += [f"-D{d}" for d in defines.split() if d]
    p = subprocess.run(args, capture_output=True, text=True)
    try:
        report = json.loads(p.stdout)
    except json.JSONDecodeError:
        first = (p.stderr.strip().splitlines() or ["no output"])[0]
        print(f"published.py: no estimate from {' '.join(args)}: {first}", file=sys.stderr)
        return {}
    out = {}
    for k in report.get("kernels", []):
        out.setdefault(k["kernel"], k)
    return out


def predicted(entry, basis):
    if entry is None:
        return None
    if basis == "mpe":
        mpe = entry.get("cumapz", {}).get("mpe")
        return 1.0 / mpe if mpe else None
    sel = entry.get("hong_kim", {}).get("selected_model", {})
    return sel.get("time_seconds")


def strict_pairs(pred, meas):
    agree, total = 0, 0
    for i in range(len(pred)):
        for j in range(i + 1, len(pred)):
            sm = (meas[i] > meas[j]) - (meas[i] < meas[j])
            if sm == 0:
                continue
            sp = (pred[i] > pred[j]) - (pred[i] < pred[j])
            total += 1
            agree += sp == sm
    return agree, total


def evaluate(rows, warplint, column):
    """column: (label, basis, model)."""
    label, basis, model = column
    cache = {}
    for r in rows:
        key = (r["file"], r.get("defines", ""), r["arch"])
        if key not in cache:
            cache[key] = estimates(warplint, os.path.join(HERE, r["file"]),
                                   r["arch"], r.get("defines", ""), model)
        r.setdefault("pred", {})[label] = predicted(cache[key].get(r["kernel"]), basis)
    fams = {}
    for r in rows:
        fams.setdefault((r["family"], r["gpu"]), []).append(r)
    res = {}
    for key, rs in fams.items():
        ok = [r for r in rs if r["pred"][label] is not None]
        pred = [r["pred"][label] for r in ok]
        meas = [r["measured_time"] for r in ok]
        a, t = strict_pairs(pred, meas)
        by_variant = {r["variant"]: r for r in ok}
        steps = []
        for r in ok:
            src = by_variant.get((r.get("step_from") or "").strip())
            if src is None:
                continue
            sm = (r["measured_time"] > src["measured_time"]) - (r["measured_time"] < src["measured_time"])
            sp = (r["pred"][label] > src["pred"][label]) - (r["pred"][label] < src["pred"][label])
            steps.append((f"{src['variant']} -> {r['variant']} ({r.get('step', '')})", sp == sm))
        ratios = [r["pred"][label] * 1e3 / r["value"] for r in ok if r["unit"] == "ms"]
        res[key] = {
            "variants": len(rs), "estimated": len(ok), "agree": a, "pairs": t,
            "rho": spearman(pred, meas),
            "steps": steps,
            "ratio": statistics.median(ratios) if ratios else None,
            "missing": [r["kernel"] for r in rs if r["pred"][label] is None],
        }
    return res


def fmt(v, d=3):
    return "n/a" if v is None else f"{v:.{d}f}"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--csv", default=os.path.join(HERE, "published", "measurements.csv"))
    ap.add_argument("--warplint", default=os.path.join(HERE, "..", "build", "bin", "warplint"))
    ap.add_argument("--model", action="append", default=None,
                    help="--model of warplint --estimate (repeatable; default: auto)")
    ap.add_argument("--mpe", action="store_true", help="also rank by 1/MPE")
    ap.add_argument("--min-pairs", type=float)
    ap.add_argument("--require-steps", action="store_true")
    ap.add_argument("--json", help="write the results as JSON to this file")
    a = ap.parse_args(argv)
    if not os.path.exists(a.warplint):
        die(f"no warplint at {a.warplint} (--warplint)")
    rows = read_rows(a.csv)
    columns = [(m, "time", m) for m in (a.model or ["auto"])]
    if a.mpe:
        columns.append(("1/MPE", "mpe", None))
    results = {c[0]: evaluate(rows, a.warplint, c) for c in columns}
    fail = False
    keys = sorted(next(iter(results.values())).keys())
    head = "| family | GPU | variants |" + "".join(
        f" {c[0]} pairs | {c[0]} rho | {c[0]} steps |" for c in columns)
    ratio_cols = [c for c in columns if c[1] == "time"]
    head += "".join(f" {c[0]} pred/meas |" for c in ratio_cols)
    print(head)
    print("|" + " --- |" * (3 + 3 * len(columns) + len(ratio_cols)))
    totals = {c[0]: [0, 0, 0, 0] for c in columns}
    for key in keys:
        line = f"| {key[0]} | {key[1]} | {results[columns[0][0]][key]['variants']} |"
        for c in columns:
            r = results[c[0]][key]
            share = r["agree"] / r["pairs"] if r["pairs"] else None
            good = sum(1 for _, s in r["steps"] if s)
            line += f" {fmt(share, 2)} ({r['agree']}/{r['pairs']}) | {fmt(r['rho'], 2)} | {good}/{len(r['steps'])} |"
            t = totals[c[0]]
            t[0] += r["agree"]; t[1] += r["pairs"]; t[2] += good; t[3] += len(r["steps"])
            if a.min_pairs is not None and (share is None or share < a.min_pairs):
                fail = True
            if a.require_steps and good < len(r["steps"]):
                fail = True
        for c in ratio_cols:
            r = results[c[0]][key]
            line += f" {fmt(r['ratio'], 2)} |"
        print(line)
    line = "| **all** | | |"
    for c in columns:
        t = totals[c[0]]
        line += f" {fmt(t[0] / t[1] if t[1] else None, 2)} ({t[0]}/{t[1]}) | | {t[2]}/{t[3]} |"
    line += " |" * len(ratio_cols)
    print(line)
    for c in columns:
        wrong = [(k, s) for k in keys for s, ok in results[c[0]][k]["steps"] if not ok]
        missing = [(k, m) for k in keys for m in results[c[0]][k]["missing"]]
        if wrong:
            print(f"\n{c[0]}: steps predicted the wrong way:")
            for k, s in wrong:
                print(f"- {k[0]} ({k[1]}): {s}")
        if missing:
            print(f"\n{c[0]}: no estimate for " + ", ".join(f"{m} ({k[0]}, {k[1]})" for k, m in missing))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({c: {f"{k[0]}|{k[1]}": {**v, "steps": [list(s) for s in v["steps"]]}
                           for k, v in r.items()} for c, r in results.items()}, f, indent=1)
    return 1 if fail else 0


if __name__ == "__main__":
    sys.exit(main())
