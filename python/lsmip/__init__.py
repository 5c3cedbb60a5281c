"""lsmip: local search for integer and mixed-integer linear programs.

Build a model from numpy arrays (or a scipy.sparse matrix), or read one from a file, and
solve it::

    import numpy as np, lsmip
    m = lsmip.Model(sense="max")
    x = m.add_vars(4, lb=0, ub=1, obj=[10, 13, 7, 8], integer=True)
    m.add_row([5, 6, 3, 4], x, ub=10)                # 5x0 + 6x1 + 3x2 + 4x3 <= 10
    r = m.solve(time_limit=5, threads=2, seed=1)
    print(r.status, r.objective, r.x)

Every solution returned was checked from scratch against the model. Options are the
names of `lsmip --help` (with underscores), passed as keyword arguments to solve(); an
unknown name or a bad value raises ValueError naming it. Ctrl-C during solve() stops
the solve and returns its best solution (result.stop_reason == "interrupted").
"""
from dataclasses import dataclass, field
import math

import numpy as np

from . import _lsmip

__all__ = ["Model", "Result", "read", "version", "INF"]

INF = math.inf


def version():
    """The library's version, "MAJOR.MINOR.PATCH"."""
    return _lsmip.version()


@dataclass
class Result:
    """The outcome of Model.solve()."""
    status: str                  # "optimal", "feasible", "infeasible", "unbounded", "unknown"
    stop_reason: str             # "time_limit", "work_limit", "interrupted", ...
    objective: float             # NaN without a solution
    x: np.ndarray                # one value per column (empty without a solution)
    dual_bound: float            # NaN while no bound is proven
    gap: float
    seconds: float
    time_first: float | None
    time_best: float | None
    work: float
    moves: int
    threads: int
    trace: list = field(default_factory=list)   # [(seconds, objective, source), ...]
    elites: list = field(default_factory=list)  # [(objective, x), ...], best first
    infeasible_reason: str = ""

    @property
    def has_solution(self):
        return self.x.size > 0 and self.status in ("feasible", "optimal")


def _as_array(v, n, dtype, what):
    a = np.asarray(v, dtype=dtype)
    if a.ndim == 0:
        return np.full(n, a, dtype=dtype)
    if a.shape != (n,):
        raise ValueError(f"{what} has shape {a.shape}, expected ({n},)")
    return a


class Model:
    """A mixed-integer linear program: columns with bounds, costs and integrality, rows
    lo <= a.x <= hi stored row-wise (CSR), a sense and an objective offset."""

    def __init__(self, sense="min", name=""):
        if sense not in ("min", "max"):
            raise ValueError("sense must be 'min' or 'max'")
        self.sense, self.name, self.offset = sense, name, 0.0
        self._cols = {"lb": [], "ub": [], "obj": [], "int": [], "names": []}
        self._rows = {"lo": [], "hi": [], "start": [np.zeros(1, dtype=np.int64)], "index": [],
                      "value": [], "names": []}
        self._ncols = 0
        self._nrows = 0
        self._nnz = 0

    @property
    def num_cols(self):
        return self._ncols

    @property
    def num_rows(self):
        return self._nrows

    @property
    def num_nonzeros(self):
        return self._nnz

    def add_vars(self, n, lb=0.0, ub=INF, obj=0.0, integer=False, names=None):
        """Adds n columns; each argument is a scalar or an array of n. Returns their indices."""
        n = int(n)
        c = self._cols
        c["lb"].append(_as_array(lb, n, np.float64, "lb"))
        c["ub"].append(_as_array(ub, n, np.float64, "ub"))
        c["obj"].append(_as_array(obj, n, np.float64, "obj"))
        c["int"].append(_as_array(integer, n, np.uint8, "integer"))
        if names is not None:
            names = [str(s) for s in names]
            if len(names) != n:
                raise ValueError(f"names has {len(names)} entries, expected {n}")
        c["names"].append(names if names is not None else [""] * n)
        first = self._ncols
        self._ncols += n
        return np.arange(first, first + n, dtype=np.int32)

    def add_var(self, lb=0.0, ub=INF, obj=0.0, integer=False, name=""):
        """Adds one column; returns its index."""
        return int(self.add_vars(1, lb, ub, obj, integer, [name])[0])

    def add_row(self, coefs, cols, lb=-INF, ub=INF, name=""):
        """Adds lb <= sum coefs[k] * x[cols[k]] <= ub; returns its index."""
        cols = np.asarray(cols, dtype=np.int32).ravel()
        coefs = _as_array(coefs, cols.size, np.float64, "coefs")
        self._append_rows(np.array([lb], dtype=np.float64), np.array([ub], dtype=np.float64),
                          np.array([0, cols.size], dtype=np.int64), cols, coefs, [name])
        return self._nrows - 1

    def add_rows(self, A, lb=-INF, ub=INF, names=None):
        """Adds the rows lb <= A x <= ub. A is a scipy.sparse matrix, a dense 2-D array, or a
        tuple (indptr, indices, data) in CSR form; it has num_cols columns (or fewer)."""
        if isinstance(A, tuple):
            indptr, indices, data = (np.asarray(A[0], dtype=np.int64), np.asarray(A[1], dtype=np.int32),
                                     np.asarray(A[2], dtype=np.float64))
        elif hasattr(A, "tocsr"):
            csr = A.tocsr()
            csr.sum_duplicates()
            indptr, indices, data = (csr.indptr.astype(np.int64), csr.indices.astype(np.int32),
                                     csr.data.astype(np.float64))
        else:
            dense = np.asarray(A, dtype=np.float64)
            if dense.ndim != 2:
                raise ValueError("A must be 2-D")
            rows, cols = np.nonzero(dense)
            indptr = np.zeros(dense.shape[0] + 1, dtype=np.int64)
            np.cumsum(np.bincount(rows, minlength=dense.shape[0]), out=indptr[1:])
            indices, data = cols.astype(np.int32), dense[rows, cols]
        m = indptr.size - 1
        if names is not None and len(names) != m:
            raise ValueError(f"names has {len(names)} entries, expected {m}")
        self._append_rows(_as_array(lb, m, np.float64, "lb"), _as_array(ub, m, np.float64, "ub"),
                          indptr, indices, data, [str(s) for s in names] if names is not None else [""] * m)
        return np.arange(self._nrows - m, self._nrows, dtype=np.int32)

    def _append_rows(self, lo, hi, indptr, indices, data, names):
        if indptr[0] != 0 or np.any(np.diff(indptr) < 0) or indptr[-1] != indices.size or indices.size != data.size:
            raise ValueError("malformed CSR arrays")
        r = self._rows
        r["lo"].append(lo)
        r["hi"].append(hi)
        r["start"].append(indptr[1:] + self._nnz)
        r["index"].append(indices)
        r["value"].append(data)
        r["names"].append(names)
        self._nrows += lo.size
        self._nnz += int(indices.size)

    def set_objective(self, obj, offset=0.0, sense=None):
        """Replaces every column's cost (an array of num_cols) and the offset."""
        obj = _as_array(obj, self._ncols, np.float64, "obj")
        self._cols["obj"] = [obj]
        self._cols["lb"] = [np.concatenate(self._cols["lb"]) if self._cols["lb"] else np.zeros(0)]
        self._cols["ub"] = [np.concatenate(self._cols["ub"]) if self._cols["ub"] else np.zeros(0)]
        self._cols["int"] = [np.concatenate(self._cols["int"]) if self._cols["int"] else np.zeros(0, np.uint8)]
        self._cols["names"] = [sum(self._cols["names"], [])]
        self.offset = float(offset)
        if sense is not None:
            if sense not in ("min", "max"):
                raise ValueError("sense must be 'min' or 'max'")
            self.sense = sense

    def _arrays(self):
        cat = lambda parts, dtype: np.concatenate(parts).astype(dtype, copy=False) if parts else np.zeros(0, dtype)
        c, r = self._cols, self._rows
        col_names = sum(c["names"], [])
        row_names = sum(r["names"], [])
        if not any(col_names):
            col_names = []
        if not any(row_names):
            row_names = []
        return (1 if self.sense == "min" else -1, self.offset,
                cat(c["lb"], np.float64), cat(c["ub"], np.float64), cat(c["obj"], np.float64),
                cat(c["int"], np.uint8), cat(r["lo"], np.float64), cat(r["hi"], np.float64),
                cat(r["start"], np.int64), cat(r["index"], np.int32), cat(r["value"], np.float64),
                col_names, row_names, self.name)

    def _handle(self):
        h = _lsmip.Handle()
        args = self._arrays()
        col_names, row_names = args[11], args[12]
        # Names are optional; the library names unnamed columns C<j> and rows R<i>.
        h.set_model_arrays(*args[:11], [n or f"C{j}" for j, n in enumerate(col_names)] if col_names else [],
                           [n or f"R{i}" for i, n in enumerate(row_names)] if row_names else [], args[13])
        return h

    def write(self, path):
        """Writes the model to `path` (atomically), for other solvers to read: CPLEX LP when
        the path ends in .lp or .lp.gz, free MPS otherwise, gzip-compressed when it ends in
        .gz; lsmip.read(path) gives the same model back. Raises on a name the format cannot
        hold (whitespace; for LP also e.g. '-', '>' or a leading digit) and on .bz2/.xz."""
        self._handle().write_model(str(path))

    def solve(self, time_limit=None, work_limit=None, threads=None, seed=None, initial=None,
              callback=None, **options):
        """Solves the model. `initial`: a warm start (one value per column, NaN = unspecified).
        `callback(event)`: called with a dict (kind "log" | "incumbent" | "progress", message,
        seconds, work, objective, source); returning True stops the solve. Other keyword
        arguments are options of `lsmip --help`. Returns a Result."""
        h = self._handle()
        settings = dict(options)
        for key, value in (("time_limit", time_limit), ("work_limit", work_limit),
                           ("threads", threads), ("seed", seed)):
            if value is not None:
                settings[key] = value
        settings.setdefault("log_level", 0)
        for key, value in settings.items():
            if isinstance(value, bool):
                value = "true" if value else "false"
            h.set_option(key, str(value))
        if initial is not None:
            h.set_initial_solution(_as_array(initial, self._ncols, np.float64, "initial"))
        d = h.solve(callback)
        return Result(status=d["status"], stop_reason=d["stop_reason"], objective=d["objective"],
                      x=np.asarray(d["x"]), dual_bound=d["dual_bound"], gap=d["gap"],
                      seconds=d["seconds"], time_first=d["time_first"], time_best=d["time_best"],
                      work=d["work"], moves=d["moves"], threads=d["threads"], trace=list(d["trace"]),
                      elites=list(d["elites"]), infeasible_reason=d["infeasible_reason"])


def read(path):
    """Reads a model file (MPS or LP, plain or gzip) into a Model."""
    h = _lsmip.Handle()
    h.read_model(str(path))
    d = h.get_model()
    m = Model(sense="min" if d["sense"] > 0 else "max", name=d["name"])
    m.offset = d["offset"]
    n = d["col_lower"].size
    m.add_vars(n, d["col_lower"], d["col_upper"], d["col_cost"], d["col_integer"], list(d["col_names"]))
    if d["row_lower"].size:
        m.add_rows((d["row_start"], d["row_index"], d["row_value"]), d["row_lower"], d["row_upper"],
                   list(d["row_names"]))
    return m
