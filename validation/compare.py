#!/usr/bin/env python3
"""Compare GPU measurements of the validation families with warplint.

    compare.py MEASUREMENTS.csv [options]
    compare.py --results-dir validation/results [options]
    compare.py --published [published.py options]   (validation/published/)

Joins the harness's CSV (validation/harness, columns in docs/validation.md)
with what warplint says about the same variants on the measured GPU:

  * predictions: `warplint --estimate --format=json --arch=ARCH FILE --`
    (per kernel and launch: the CuMAPz MPE and, once warplint has it, the
    Hong-Kim `hong_kim.total_cycles`);
  * findings: `warplint --format=json --arch=ARCH FILE --`;

and the expected findings of validation/expectations.json. ARCH is --arch,
else `sm_<major><minor>` of the CSV's `cc` column. A variant is the launch
of its kernel with the block expectations.json gives.

Reported per family, as Markdown (stdout, or --markdown FILE):

  findings    variants whose findings are the expected ones: the set of
              checks that fire under the variant's launch equals the
              expected set, and each expected check has a finding with the
              expected numbers. Expected checks this warplint does not have
              (--list-checks) are not judged and are listed.
  spearman    rank correlation of predicted and measured time (ties get
              average ranks); n/a with fewer than 3 variants or when either
              side is constant.
  pairs       share of variant pairs ordered the same way by prediction and
              measurement (a pair tied on exactly one side counts 1/2).
  hk error    mean absolute relative error of the Hong-Kim cycle estimate
              against the measured median converted to cycles at the CSV's
              sm_clock_mhz; n/a while the estimate JSON has no
              hong_kim.total_cycles.

The predicted time is hong_kim.total_cycles where every variant of a family
has it, else 1/MPE (basis "mpe": CuMAPz's MPE is a relative memory
performance, larger is better, so only the ranking is meaningful).

An SVG plot (--svg FILE) shows predicted against measured time, each family
normalised to its largest value. Rows whose `source` is not `measured` are
labelled SYNTHETIC in the table and the plot.

Agreement levels (--levels FILE, JSON; --record-levels FILE writes one):

    {"spearman_min": 0.8, "pairs_min": 0.85, "findings_min": 1.0,
     "families": {"transpose": {"spearman_min": 0.9}}}

Overall spearman is the mean over families where it is defined, pairs the
share over all within-family pairs, findings the share of judged variants.
--min-agreement X sets pairs_min. Exit status: 0 agreement at or above the
levels; 1 below a level, or a variant failed its correctness check in the
CSV (`check` not `pass`: a broken variant cannot count); 2 bad input or
usage. --results-dir compares every *.csv there with its <stem>.levels.json
(required), on the warplint architecture recorded in it ("arch", written by
--record-levels; --arch overrides), and fails if any fails; with no CSV it
says so and exits 0.

Python 3 standard library only.
"""
import argparse
import csv
import json
import math
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)

REQUIRED_COLUMNS = ["source", "family", "variant", "median_ms", "check",
                    "gpu_name", "cc", "sm_clock_mhz"]


class InputError(Exception):
    pass


# --------------------------------------------------------------------------
# Inputs

def read_csv(path):
    try:
        fh = open(path, newline="")
    except OSError as e:
        raise InputError("%s: cannot read: %s" % (path, e.strerror))
    with fh:
        reader = csv.DictReader(fh)
        cols = reader.fieldnames or []
        missing = [c for c in REQUIRED_COLUMNS if c not in cols]
        if missing:
            raise InputError("%s:1: missing column(s) %s" % (
                path, ", ".join(missing)))
        rows = []
        for n, r in enumerate(reader, start=2):
            try:
                r["median_ms"] = float(r["median_ms"])
            except (TypeError, ValueError):
                raise InputError("%s:%d: median_ms '%s' is not a number" % (
                    path, n, r["median_ms"]))
            if not r["median_ms"] > 0:
                raise InputError("%s:%d: median_ms must be positive, not %s"
                                 % (path, n, r["median_ms"]))
            try:
                r["sm_clock_mhz"] = float(r["sm_clock_mhz"])
            except (TypeError, ValueError):
                raise InputError("%s:%d: sm_clock_mhz '%s' is not a number"
                                 % (path, n, r["sm_clock_mhz"]))
            if not re.fullmatch(r"\d+\.\d+", r["cc"] or ""):
                raise InputError("%s:%d: cc '%s' is not major.minor" % (
                    path, n, r["cc"]))
            r["_line"] = n
            rows.append(r)
    if not rows:
        raise InputError("%s: no measurement rows" % path)
    gpus = sorted({(r["gpu_name"], r["cc"]) for r in rows})
    if len(gpus) > 1:
        raise InputError("%s: rows from more than one GPU: %s" % (
            path, "; ".join("%s (cc %s)" % g for g in gpus)))
    seen = {}
    for r in rows:
        key = (r["family"], r["variant"])
        if key in seen:
            raise InputError("%s:%d: %s/%s already measured on line %d" % (
                path, r["_line"], key[0], key[1], seen[key]))
        seen[key] = r["_line"]
    return rows


def read_json(path, what):
    try:
        with open(path) as fh:
            return json.load(fh)
    except OSError as e:
        raise InputError("%s: cannot read %s: %s" % (path, what, e.strerror))
    except ValueError as e:
        raise InputError("%s: not valid JSON (%s): %s" % (path, what, e))


def load_expectations(path):
    doc = read_json(path, "expectations")
    fams = doc.get("families")
    if doc.get("schema_version") != 1 or not isinstance(fams, dict):
        raise InputError("%s: expected schema_version 1 and a 'families' "
                         "object" % path)
    for fname, fam in fams.items():
        for v in fam.get("variants", []):
            for key in ("name", "kernel", "block", "expect"):
                if key not in v:
                    raise InputError("%s: family %s: a variant has no '%s'"
                                     % (path, fname, key))
    return fams


def run_warplint(warplint, args, what):
    cmd = [warplint] + args
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True)
    except OSError as e:
        raise InputError("cannot run %s: %s" % (warplint, e.strerror))
    if p.returncode not in (0, 1):
        raise InputError("%s failed (exit %d) for %s:\n%s" % (
            " ".join(cmd), p.returncode, what, p.stderr.strip()))
    return p.stdout


def warplint_json(warplint, args, what):
    out = run_warplint(warplint, args, what)
    try:
        return json.loads(out)
    except ValueError as e:
        raise InputError("%s printed no valid JSON for %s: %s" % (
            " ".join([warplint] + args), what, e))


# --------------------------------------------------------------------------
# Statistics

def ranks(values):
    """1-based ranks, ties sharing their average rank."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    r = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2.0 + 1
        i = j + 1
    return r


def spearman(x, y):
    """Pearson correlation of the ranks; None when undefined."""
    if len(x) < 3:
        return None
    rx, ry = ranks(x), ranks(y)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    if sxx == 0 or syy == 0:
        return None
    return sxy / math.sqrt(sxx * syy)


def pair_agreement(x, y):
    """(agreeing pairs, pairs): a pair tied on one side only counts 1/2."""
    agree, total = 0.0, 0
    for i in range(len(x)):
        for j in range(i + 1, len(x)):
            sx = (x[i] > x[j]) - (x[i] < x[j])
            sy = (y[i] > y[j]) - (y[i] < y[j])
            total += 1
            if sx == sy:
                agree += 1
            elif sx == 0 or sy == 0:
                agree += 0.5
    return agree, total


# --------------------------------------------------------------------------
# Joining

def same_file(entry_file, rel):
    return os.path.normpath(entry_file).endswith(os.sep + os.path.normpath(rel)) \
        or os.path.normpath(entry_file) == os.path.normpath(rel)


def kernel_entries(report, rel):
    return [k for k in report.get("kernels", []) if same_file(k.get("file", ""), rel)]


def find_entry(entries, variant):
    block = list(variant["block"])
    for k in entries:
        if k.get("kernel") == variant["kernel"] and \
                list(k.get("launch", {}).get("block", [])) == block:
            return k
    return None


LAUNCH_NOTE = re.compile(r"assuming grid \(.*?\) block \(.*?\), from (the launch at \S+?),? on ")


def attribute(findings, rel):
    """{launch origin: [diagnostics]} for the diagnostics of file rel, by the
    'assuming grid ... from the launch at F:L:C' note every finding has."""
    by_origin, unattributed = {}, []
    for d in findings.get("diagnostics", []):
        if not same_file(d.get("file", ""), rel):
            continue
        origin = None
        for n in d.get("notes", []):
            m = LAUNCH_NOTE.search(n.get("message", ""))
            if m:
                origin = m.group(1)
                break
        if origin is None:
            unattributed.append(d)
        else:
            by_origin.setdefault(origin, []).append(d)
    return by_origin, unattributed


def arch_key(gpu):
    """Which expect.<key> of expectations.json applies to an sm_XX."""
    m = re.fullmatch(r"sm_(\d+?)(\d)", gpu or "")
    if not m:
        return None
    major = int(m.group(1))
    if major >= 2:
        return "default"
    if gpu in ("sm_12", "sm_13"):
        return "sm_13"
    return None


def judge(expected, diags, registered):
    """(status, fired checks, notes): status True/False, or None if nothing
    could be judged."""
    fired = sorted({d["check"] for d in diags})
    judged_exp = {c: n for c, n in expected.items() if c in registered}
    not_built = sorted(c for c in expected if c not in registered)
    notes = []
    ok = set(fired) == set(judged_exp)
    if not ok:
        extra = sorted(set(fired) - set(judged_exp))
        miss = sorted(set(judged_exp) - set(fired))
        if extra:
            notes.append("unexpected: " + ", ".join(extra))
        if miss:
            notes.append("missing: " + ", ".join(miss))
    for check, numbers in judged_exp.items():
        if not numbers or check not in fired:
            continue
        if not any(all(d.get("numbers", {}).get(k) == v for k, v in numbers.items())
                   for d in diags if d["check"] == check):
            ok = False
            got = [d.get("numbers", {}) for d in diags if d["check"] == check]
            notes.append("%s: expected %s, found %s" % (
                check, json.dumps(numbers, sort_keys=True),
                "; ".join(json.dumps(g, sort_keys=True) for g in got)))
    if not_built:
        notes.append("not in this warplint: " + ", ".join(not_built))
    return ok, fired, notes


def short(check):
    return check[len("warplint-"):] if check.startswith("warplint-") else check


# --------------------------------------------------------------------------
# The comparison

def compare(csv_path, a, expectations):
    rows = read_csv(csv_path)
    gpu_name, cc = rows[0]["gpu_name"], rows[0]["cc"]
    arch = a.arch or "sm_" + cc.replace(".", "")
    synthetic = any(r["source"] != "measured" for r in rows)

    fam_rows = {}
    for r in rows:
        if r["family"] not in expectations:
            raise InputError("%s:%d: family '%s' is not in %s" % (
                csv_path, r["_line"], r["family"], a.expectations))
        names = [v["name"] for v in expectations[r["family"]]["variants"]]
        if r["variant"] not in names:
            raise InputError("%s:%d: variant '%s' is not a variant of family "
                             "'%s' in %s" % (csv_path, r["_line"], r["variant"],
                                             r["family"], a.expectations))
        fam_rows.setdefault(r["family"], []).append(r)

    registered = None
    if a.checks:
        registered = set(a.checks.split(","))
    estimate_fixed = [read_json(p, "estimate JSON") for p in a.estimate_json]
    findings_fixed = [read_json(p, "findings JSON") for p in a.findings_json]

    families = []
    for fname in [f for f in expectations if f in fam_rows]:
        fam = expectations[fname]
        rel = fam["file"]
        src = os.path.join(a.validation_dir, rel)
        if estimate_fixed:
            est = {"kernels": [k for r in estimate_fixed for k in r.get("kernels", [])]}
        else:
            est = warplint_json(a.warplint, ["--estimate", "--format=json",
                                             "--arch=" + arch, src, "--"], src)
        if findings_fixed:
            fnd = {"diagnostics": [d for r in findings_fixed
                                   for d in r.get("diagnostics", [])],
                   "kernels": [k for r in findings_fixed for k in r.get("kernels", [])]}
        else:
            fnd = warplint_json(a.warplint, ["--format=json", "--arch=" + arch,
                                             src, "--"], src)
        if registered is None:
            out = run_warplint(a.warplint, ["--list-checks"], "--list-checks")
            registered = {l.split(":", 1)[0].strip() for l in out.splitlines()
                          if l.startswith("warplint-")}
        est_entries = kernel_entries(est, rel)
        fnd_entries = kernel_entries(fnd, rel)
        by_origin, unattributed = attribute(fnd, rel)
        gpu = est_entries[0].get("gpu") if est_entries else None
        key = arch_key(gpu) if gpu else arch_key(arch)

        variants = []
        for v in fam["variants"]:
            r = next((x for x in fam_rows[fname] if x["variant"] == v["name"]), None)
            if r is None:
                continue
            e = find_entry(est_entries, v)
            if e is None:
                raise InputError("%s: warplint's estimate has no kernel %s with "
                                 "block %s (variant %s/%s)" % (
                                     src, v["kernel"], v["block"], fname, v["name"]))
            fe = find_entry(fnd_entries, v) or e
            diags = by_origin.get(fe.get("launch", {}).get("origin"), [])
            expect = v["expect"].get(key) if key else None
            if expect is None:
                status, fired, notes = None, sorted({d["check"] for d in diags}), \
                    ["no expectation for %s" % (gpu or arch)]
            else:
                status, fired, notes = judge(expect, diags, registered)
            mpe = e.get("cumapz", {}).get("mpe")
            hk = e.get("hong_kim")
            cycles = hk.get("total_cycles") if isinstance(hk, dict) else None
            variants.append({
                "name": v["name"], "kernel": v["kernel"], "block": v["block"],
                "row": r, "ok_check": r["check"] == "pass",
                "expected": sorted(expect) if expect is not None else None,
                "fired": fired, "status": status, "notes": notes,
                "mpe": mpe, "cycles": cycles})

        good = [x for x in variants if x["ok_check"]]
        use_cycles = bool(good) and all(x["cycles"] is not None for x in good)
        for x in variants:
            if use_cycles:
                x["pred"] = x["cycles"] / (x["row"]["sm_clock_mhz"] * 1e3)  # ms
            elif x["mpe"]:
                x["pred"] = 1.0 / x["mpe"]
            else:
                x["pred"] = None
            x["meas"] = x["row"]["median_ms"]
            x["meas_cycles"] = x["meas"] * x["row"]["sm_clock_mhz"] * 1e3
            x["hk_err"] = (abs(x["cycles"] - x["meas_cycles"]) / x["meas_cycles"]
                           if x["cycles"] is not None else None)
        ranked = [x for x in good if x["pred"] is not None]
        pr = ranks([x["pred"] for x in ranked])
        mr = ranks([x["meas"] for x in ranked])
        for x, p, m in zip(ranked, pr, mr):
            x["pred_rank"], x["meas_rank"] = p, m
        rho = spearman([x["pred"] for x in ranked], [x["meas"] for x in ranked])
        agree, pairs = pair_agreement([x["pred"] for x in ranked],
                                      [x["meas"] for x in ranked])
        hk_errs = [x["hk_err"] for x in good if x["hk_err"] is not None]
        judged = [x for x in good if x["status"] is not None]
        families.append({
            "name": fname, "file": rel, "variants": variants, "gpu": gpu,
            "basis": "hong_kim cycles" if use_cycles else "1/MPE",
            "spearman": rho, "agree": agree, "pairs": pairs,
            "hk_error": sum(hk_errs) / len(hk_errs) if hk_errs else None,
            "findings_ok": sum(1 for x in judged if x["status"]),
            "findings_judged": len(judged),
            "failed_checks": [x["name"] for x in variants if not x["ok_check"]],
            "unattributed": unattributed})

    rhos = [f["spearman"] for f in families if f["spearman"] is not None]
    agree = sum(f["agree"] for f in families)
    pairs = sum(f["pairs"] for f in families)
    fok = sum(f["findings_ok"] for f in families)
    fj = sum(f["findings_judged"] for f in families)
    overall = {
        "spearman": sum(rhos) / len(rhos) if rhos else None,
        "pairs": agree / pairs if pairs else None,
        "findings": fok / fj if fj else None,
        "findings_ok": fok, "findings_judged": fj,
    }
    return {"csv": csv_path, "gpu_name": gpu_name, "cc": cc, "arch": arch,
            "synthetic": synthetic, "families": families, "overall": overall,
            "registered": sorted(registered or []),
            "command": rows[0].get("command", ""), "date": rows[0].get("date", ""),
            "driver": rows[0].get("driver_version", ""),
            "runtime": rows[0].get("runtime_version", "")}


# --------------------------------------------------------------------------
# Output

def fmt(v, digits=3):
    if v is None:
        return "n/a"
    return "%.*f" % (digits, v)


def fmt_rank(v):
    if v is None:
        return "-"
    return ("%d" % v) if v == int(v) else ("%.1f" % v)


def markdown(res):
    out = []
    label = " (SYNTHETIC DATA, not a measurement)" if res["synthetic"] else ""
    out.append("## warplint against measurements%s" % label)
    out.append("")
    out.append("- measurements: `%s`%s" % (os.path.basename(res["csv"]),
               " — rows labelled synthetic: no GPU produced them" if res["synthetic"] else ""))
    out.append("- GPU: %s (compute capability %s), driver %s, runtime %s; "
               "warplint architecture: %s" % (
                   res["gpu_name"], res["cc"], res["driver"] or "?",
                   res["runtime"] or "?", res["arch"]))
    if res["command"]:
        out.append("- produced by: `%s`%s" % (
            res["command"], (" on " + res["date"]) if res["date"] else ""))
    out.append("")
    out.append("| family | variants | findings as expected | basis | Spearman | "
               "pairs ordered alike | Hong–Kim abs. error |")
    out.append("| --- | --- | --- | --- | --- | --- | --- |")
    for f in res["families"]:
        out.append("| %s | %d | %d/%d | %s | %s | %s | %s |" % (
            f["name"], len(f["variants"]), f["findings_ok"], f["findings_judged"],
            f["basis"], fmt(f["spearman"]),
            ("%s (%g/%d)" % (fmt(f["agree"] / f["pairs"]), f["agree"], f["pairs"]))
            if f["pairs"] else "n/a",
            ("%.1f%%" % (100 * f["hk_error"])) if f["hk_error"] is not None else "n/a"))
    o = res["overall"]
    out.append("| **all** | %d | %d/%d | | %s (mean) | %s | |" % (
        sum(len(f["variants"]) for f in res["families"]), o["findings_ok"],
        o["findings_judged"], fmt(o["spearman"]), fmt(o["pairs"])))
    out.append("")
    no_hk = [f["name"] for f in res["families"] if f["basis"] != "hong_kim cycles"]
    if no_hk:
        out.append("Hong–Kim abs. error n/a for %s: the estimate JSON has no "
                   "`hong_kim.total_cycles` for every variant (not computed by "
                   "this warplint); the predicted time there is 1/MPE, so only "
                   "the rankings are compared." % ", ".join(no_hk))
        out.append("")
    out.append("| family | variant | kernel | block | expected | found | as expected "
               "| measured ms | rank | predicted | rank | Hong–Kim cycles | error |")
    out.append("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for f in res["families"]:
        for x in f["variants"]:
            exp = "n/a" if x["expected"] is None else \
                (", ".join(short(c) for c in x["expected"]) or "none")
            found = ", ".join(short(c) for c in x["fired"]) or "none"
            st = {True: "yes", False: "**no**", None: "n/a"}[x["status"]]
            if x["notes"]:
                st += " (" + "; ".join(x["notes"]) + ")"
            meas = "%.4f" % x["meas"]
            if not x["ok_check"]:
                meas += " (check %s: excluded)" % x["row"]["check"]
            pred = "n/a" if x["pred"] is None else (
                ("%.4f ms" % x["pred"]) if f["basis"] == "hong_kim cycles"
                else ("%.3f (MPE %.3f)" % (x["pred"], x["mpe"])))
            out.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                f["name"], x["name"], x["kernel"], "x".join(str(b) for b in x["block"][:2]),
                exp, found, st, meas, fmt_rank(x.get("meas_rank")), pred,
                fmt_rank(x.get("pred_rank")),
                "n/a" if x["cycles"] is None else "%.0f" % x["cycles"],
                "n/a" if x["hk_err"] is None else "%.1f%%" % (100 * x["hk_err"])))
    for f in res["families"]:
        if f["unattributed"]:
            out.append("")
            out.append("%s: %d finding(s) without a launch note were not attributed "
                       "to a variant." % (f["name"], len(f["unattributed"])))
        if f["failed_checks"]:
            out.append("")
            out.append("%s: failed the correctness check, excluded: %s" % (
                f["name"], ", ".join(f["failed_checks"])))
    return "\n".join(out) + "\n"


PALETTE = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b",
           "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"]


def esc(s):
    return (str(s).replace("&", "&amp;").replace("<", "&lt;")
            .replace(">", "&gt;").replace('"', "&quot;"))


def svg(res):
    W, H, L, R, T, B = 640, 520, 70, 170, 50, 60
    pw, ph = W - L - R, H - T - B
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">' % (W, H, W, H),
           '<rect width="%d" height="%d" fill="white"/>' % (W, H)]
    title = "warplint prediction vs. measured time, %s" % res["gpu_name"]
    if res["synthetic"]:
        title = "SYNTHETIC DATA (no GPU): " + title
    out.append('<text x="%d" y="22" font-size="14" font-weight="bold">%s</text>'
               % (L, esc(title)))
    out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="black"/>'
               % (L, T, pw, ph))
    for i in range(6):
        t = i / 5.0
        x, y = L + t * pw, T + ph - t * ph
        out.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="black"/>'
                   % (x, T + ph, x, T + ph + 5))
        out.append('<text x="%.1f" y="%d" text-anchor="middle">%.1f</text>'
                   % (x, T + ph + 18, t))
        out.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="black"/>'
                   % (L - 5, y, L, y))
        out.append('<text x="%d" y="%.1f" text-anchor="end">%.1f</text>'
                   % (L - 8, y + 4, t))
    out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#999" '
               'stroke-dasharray="4 3"/>' % (L, T + ph, L + pw, T))
    out.append('<text x="%.1f" y="%d" text-anchor="middle">predicted time '
               '(normalised to the family\'s largest)</text>' % (L + pw / 2.0, H - 15))
    out.append('<text transform="translate(18,%.1f) rotate(-90)" text-anchor="middle">'
               'measured median time (normalised)</text>' % (T + ph / 2.0))
    for i, f in enumerate(res["families"]):
        color = PALETTE[i % len(PALETTE)]
        pts = [x for x in f["variants"] if x["ok_check"] and x["pred"] is not None]
        if pts:
            mp = max(x["pred"] for x in pts)
            mm = max(x["meas"] for x in pts)
            for x in pts:
                px = L + (x["pred"] / mp) * pw
                py = T + ph - (x["meas"] / mm) * ph
                out.append('<circle cx="%.1f" cy="%.1f" r="4" fill="%s" '
                           'fill-opacity="0.8"><title>%s/%s: predicted %.4g, '
                           'measured %.4g ms</title></circle>' % (
                               px, py, color, esc(f["name"]), esc(x["name"]),
                               x["pred"], x["meas"]))
        ly = T + 10 + 18 * i
        out.append('<circle cx="%d" cy="%d" r="4" fill="%s"/>' % (L + pw + 20, ly, color))
        out.append('<text x="%d" y="%d">%s (rho %s)</text>' % (
            L + pw + 30, ly + 4, esc(f["name"]), fmt(f["spearman"], 2)))
    out.append("</svg>")
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------
# Levels

LEVEL_KEYS = ("spearman_min", "pairs_min", "findings_min")


def current_levels(res):
    o = res["overall"]
    lv = {"spearman_min": o["spearman"], "pairs_min": o["pairs"],
          "findings_min": o["findings"], "families": {}}
    for f in res["families"]:
        lv["families"][f["name"]] = {
            "spearman_min": f["spearman"],
            "pairs_min": f["agree"] / f["pairs"] if f["pairs"] else None,
            "findings_min": (f["findings_ok"] / f["findings_judged"])
            if f["findings_judged"] else None}
    return lv


def check_levels(res, levels, path):
    """Messages for every value below its level."""
    cur = current_levels(res)
    fails = []

    def cmp(scope, have, want):
        for k in LEVEL_KEYS:
            if k not in want or want[k] is None:
                continue
            if not isinstance(want[k], (int, float)):
                raise InputError("%s: %s %s must be a number" % (path, scope, k))
            v = have.get(k)
            if v is None:
                fails.append("%s %s: n/a, but the level is %.3f" % (scope, k[:-4], want[k]))
            elif v + 1e-9 < want[k]:
                fails.append("%s %s: %.3f, below the level %.3f" % (
                    scope, k[:-4], v, want[k]))

    cmp("all families", cur, levels)
    for fname, want in (levels.get("families") or {}).items():
        if fname not in cur["families"]:
            fails.append("family %s: recorded in %s but not measured" % (fname, path))
            continue
        cmp("family " + fname, cur["families"][fname], want)
    return fails


def write_text(path, text):
    try:
        with open(path, "w") as fh:
            fh.write(text)
    except OSError as e:
        raise InputError("%s: cannot write: %s" % (path, e.strerror))


def one(csv_path, a, expectations, levels_path):
    res = compare(csv_path, a, expectations)
    md = markdown(res)
    if a.markdown:
        write_text(a.markdown, md)
    else:
        sys.stdout.write(md)
    if a.svg:
        write_text(a.svg, svg(res))
    if a.record_levels:
        lv = current_levels(res)
        # The architecture the levels hold for: --results-dir compares with
        # it again (a CSV says only the compute capability, and sm_90 is the
        # H100 SXM where the GPU was an H200).
        lv["arch"] = res["arch"]
        write_text(a.record_levels, json.dumps(lv, indent=2, sort_keys=True) + "\n")
        print("recorded the current agreement as the levels in %s" % a.record_levels)
    status = 0
    failed = [(f["name"], x) for f in res["families"] for x in f["failed_checks"]]
    if failed and not a.allow_failed_checks:
        print("FAIL: %d variant(s) failed their correctness check in %s: %s" % (
            len(failed), csv_path, ", ".join("%s/%s" % p for p in failed)))
        status = 1
    levels = None
    if levels_path:
        levels = read_json(levels_path, "agreement levels")
        if not isinstance(levels, dict):
            raise InputError("%s: the levels must be a JSON object" % levels_path)
    if a.min_agreement is not None:
        levels = dict(levels or {})
        levels["pairs_min"] = a.min_agreement
    if levels is not None:
        fails = check_levels(res, levels, levels_path or "--min-agreement")
        for m in fails:
            print("FAIL: agreement below the recorded level: " + m)
        if fails:
            status = 1
        else:
            print("agreement at or above the recorded levels (%s)" % (
                levels_path or "--min-agreement"))
    return status


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "--published":
        # Published measurements (validation/published/): published.py.
        import published
        return published.main(argv[1:])
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("csv", nargs="?", help="the harness's measurement CSV")
    ap.add_argument("--results-dir", help="compare every *.csv of this directory "
                    "with its <stem>.levels.json")
    ap.add_argument("--warplint", default=os.path.join(REPO, "build", "bin", "warplint"))
    ap.add_argument("--arch", help="warplint --arch for the predictions "
                    "(default: sm_<cc> of the CSV)")
    ap.add_argument("--expectations", default=os.path.join(HERE, "expectations.json"))
    ap.add_argument("--validation-dir", default=HERE,
                    help="where the family files of expectations.json are")
    ap.add_argument("--estimate-json", action="append", default=[],
                    help="use this `warplint --estimate --format=json` report "
                    "instead of running warplint (repeatable)")
    ap.add_argument("--findings-json", action="append", default=[],
                    help="use this `warplint --format=json` report instead of "
                    "running warplint (repeatable)")
    ap.add_argument("--checks", help="comma-separated checks this warplint has "
                    "(default: from --list-checks)")
    ap.add_argument("--levels", help="agreement levels (JSON) to hold")
    ap.add_argument("--min-agreement", type=float,
                    help="minimum share of pairs ordered alike (sets pairs_min)")
    ap.add_argument("--record-levels", metavar="FILE",
                    help="write the current agreement as levels")
    ap.add_argument("--markdown", metavar="FILE", help="write the table here "
                    "instead of stdout")
    ap.add_argument("--svg", metavar="FILE", help="write the plot here")
    ap.add_argument("--allow-failed-checks", action="store_true",
                    help="do not fail on variants whose correctness check failed")
    a = ap.parse_args(argv)
    if bool(a.csv) == bool(a.results_dir):
        ap.error("give a measurement CSV or --results-dir, not both or neither")
    if a.min_agreement is not None and not 0 <= a.min_agreement <= 1:
        ap.error("--min-agreement must be between 0 and 1")
    try:
        expectations = load_expectations(a.expectations)
        if a.csv:
            return one(a.csv, a, expectations, a.levels)
        if not os.path.isdir(a.results_dir):
            raise InputError("%s: not a directory" % a.results_dir)
        csvs = sorted(f for f in os.listdir(a.results_dir) if f.endswith(".csv"))
        if not csvs:
            print("no committed measurements in %s: nothing to compare" % a.results_dir)
            return 0
        status = 0
        for f in csvs:
            stem = f[:-len(".csv")]
            lv = os.path.join(a.results_dir, stem + ".levels.json")
            if not os.path.isfile(lv) and a.min_agreement is None:
                raise InputError("%s: no agreement levels recorded (%s); "
                                 "write them with --record-levels" % (
                                     os.path.join(a.results_dir, f), lv))
            print("### %s" % f)
            fa = a
            if os.path.isfile(lv) and not a.arch:
                recorded = read_json(lv, "agreement levels")
                if isinstance(recorded, dict) and isinstance(recorded.get("arch"), str):
                    fa = argparse.Namespace(**vars(a))
                    fa.arch = recorded["arch"]
            status = max(status, one(os.path.join(a.results_dir, f), fa,
                                     expectations, lv if os.path.isfile(lv) else None))
        return status
    except InputError as e:
        print("compare.py: error: %s" % e, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
