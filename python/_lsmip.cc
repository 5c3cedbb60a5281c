// The Python extension of lsmip: a thin pybind11 layer over the public C++ API
// (include/lsmip/lsmip.hpp). The Python package (python/lsmip/__init__.py)
// builds on it; users import `lsmip`, not `_lsmip`.
//
// Solving releases the GIL: the solve runs on a thread of its own while the
// calling thread waits in slices of 50 ms, checking for signals between them,
// so Ctrl-C (KeyboardInterrupt) interrupts the solve, which then returns its
// best solution. A Python callback is called with the GIL held, from whichever
// solver thread reports the event.
#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "lsmip/lsmip.hpp"

namespace py = pybind11;

namespace {

// Raises ValueError/RuntimeError/MemoryError/OSError for a failed call.
void check(const lsmip::Error& e) {
  if (e.ok()) return;
  const std::string msg = e.message();
  switch (e.code()) {
    case lsmip::ErrorCode::kUnknownOption:
    case lsmip::ErrorCode::kBadValue:
    case lsmip::ErrorCode::kInvalidArgument:
    case lsmip::ErrorCode::kFormat: throw py::value_error(msg);
    case lsmip::ErrorCode::kIo: {
      PyErr_SetString(PyExc_OSError, msg.c_str());
      throw py::error_already_set();
    }
    case lsmip::ErrorCode::kOutOfMemory: throw std::bad_alloc();
    default: throw std::runtime_error(msg);
  }
}

template <typename T>
using Array = py::array_t<T, py::array::c_style | py::array::forcecast>;

// The model's arrays from numpy (CSR rows), copied once into the handle.
void set_model_arrays(lsmip::Solver& s, int sense, double offset, Array<double> col_lower,
                      Array<double> col_upper, Array<double> col_cost, Array<std::uint8_t> col_integer,
                      Array<double> row_lower, Array<double> row_upper, Array<std::int64_t> row_start,
                      Array<std::int32_t> row_index, Array<double> row_value,
                      std::vector<std::string> col_names, std::vector<std::string> row_names,
                      std::string name) {
  lsmip::ModelData d;
  d.name = std::move(name);
  d.sense = sense < 0 ? lsmip::Sense::kMaximize : lsmip::Sense::kMinimize;
  d.offset = offset;
  auto copy = [](const auto& a, auto& out) { out.assign(a.data(), a.data() + a.size()); };
  const py::ssize_t n = col_lower.size();
  if (col_upper.size() != n || col_cost.size() != n || col_integer.size() != n) {
    throw py::value_error("column arrays differ in length");
  }
  const py::ssize_t m = row_lower.size();
  if (row_upper.size() != m || row_start.size() != m + 1) {
    throw py::value_error("row arrays differ in length (row_start needs num_rows + 1 entries)");
  }
  if (row_index.size() != row_value.size()) throw py::value_error("row_index and row_value differ in length");
  copy(col_lower, d.col_lower);
  copy(col_upper, d.col_upper);
  copy(col_cost, d.col_cost);
  copy(col_integer, d.col_integer);
  copy(row_lower, d.row_lower);
  copy(row_upper, d.row_upper);
  copy(row_start, d.row_start);
  copy(row_index, d.row_index);
  copy(row_value, d.row_value);
  d.col_names = std::move(col_names);
  d.row_names = std::move(row_names);
  lsmip::Error e;
  {
    py::gil_scoped_release nogil;
    e = s.set_model(d);
  }
  check(e);
}

py::dict result_dict(const lsmip::SolveResult& r) {
  py::dict out;
  out["status"] = lsmip::to_string(r.status);
  out["stop_reason"] = lsmip::to_string(r.stop_reason);
  out["has_solution"] = r.has_solution;
  out["objective"] = r.objective;
  out["dual_bound"] = r.dual_bound;
  out["gap"] = r.gap;
  out["seconds"] = r.seconds;
  out["time_first"] = r.time_first < 0 ? py::object(py::none()) : py::object(py::float_(r.time_first));
  out["time_best"] = r.time_best < 0 ? py::object(py::none()) : py::object(py::float_(r.time_best));
  out["work"] = r.work;
  out["moves"] = r.moves;
  out["threads"] = r.threads;
  out["x"] = py::array_t<double>(static_cast<py::ssize_t>(r.x.size()), r.x.data());
  py::list trace;
  for (const lsmip::Improvement& i : r.improvements) trace.append(py::make_tuple(i.seconds, i.objective, i.source));
  out["trace"] = trace;
  py::list elites;
  for (const lsmip::EliteSolution& e : r.elites) {
    elites.append(py::make_tuple(e.objective, py::array_t<double>(static_cast<py::ssize_t>(e.x.size()), e.x.data())));
  }
  out["elites"] = elites;
  out["infeasible_reason"] = r.infeasible_reason;
  return out;
}

// Runs the solve on its own thread; the caller waits with the GIL released and checks for
// signals every 50 ms. A KeyboardInterrupt interrupts the solve, which returns its best.
py::dict solve(lsmip::Solver& s, py::object callback) {
  if (!callback.is_none()) {
    check(s.set_callback([callback](const lsmip::Event& ev) -> bool {
      py::gil_scoped_acquire gil;
      try {
        py::dict d;
        d["kind"] = ev.kind == lsmip::Event::Kind::kLog ? "log"
                    : ev.kind == lsmip::Event::Kind::kIncumbent ? "incumbent" : "progress";
        d["message"] = std::string(ev.message);
        d["seconds"] = ev.seconds;
        d["work"] = ev.work;
        d["objective"] = ev.objective;
        d["source"] = std::string(ev.source);
        const py::object r = callback(d);
        return !r.is_none() && r.cast<bool>();
      } catch (py::error_already_set& e) {
        e.restore();
        PyErr_Print();  // a failing callback is reported and stops the run
        return true;
      }
    }));
  } else {
    check(s.set_callback({}));
  }
  std::mutex mu;
  std::condition_variable cv;
  bool done = false;
  lsmip::Error err;
  bool interrupted = false;
  {
    py::gil_scoped_release nogil;
    std::thread worker([&] {
      lsmip::Error e = s.solve();
      std::lock_guard<std::mutex> lock(mu);
      err = std::move(e);
      done = true;
      cv.notify_all();
    });
    for (;;) {
      {
        std::unique_lock<std::mutex> lock(mu);
        if (cv.wait_for(lock, std::chrono::milliseconds(50), [&] { return done; })) break;
      }
      py::gil_scoped_acquire gil;
      if (PyErr_CheckSignals() != 0) {
        PyErr_Clear();  // KeyboardInterrupt: stop the solve and return its best solution
        interrupted = true;
        s.interrupt();
      }
    }
    worker.join();
  }
  if (!callback.is_none()) (void)s.set_callback({});
  if (err.code() != lsmip::ErrorCode::kCallback) check(err);
  py::dict out = result_dict(s.result());
  out["keyboard_interrupt"] = interrupted;
  return out;
}

}  // namespace

PYBIND11_MODULE(_lsmip, m) {
  m.doc() = "lsmip: local search for mixed-integer linear programs (extension module)";
  m.def("version", [] { return std::string(lsmip::version()); });
  py::class_<lsmip::Solver>(m, "Handle")
      .def(py::init<>())
      .def("read_model", [](lsmip::Solver& s, const std::string& path) {
        lsmip::Error e;
        {
          py::gil_scoped_release nogil;
          e = s.read_model(path);
        }
        check(e);
      })
      .def("set_model_arrays", &set_model_arrays)
      .def("get_model", [](const lsmip::Solver& s) {
        lsmip::ModelData d;
        check(s.get_model(d));
        py::dict out;
        out["name"] = d.name;
        out["sense"] = d.sense == lsmip::Sense::kMaximize ? -1 : 1;
        out["offset"] = d.offset;
        out["col_lower"] = py::array_t<double>(static_cast<py::ssize_t>(d.col_lower.size()), d.col_lower.data());
        out["col_upper"] = py::array_t<double>(static_cast<py::ssize_t>(d.col_upper.size()), d.col_upper.data());
        out["col_cost"] = py::array_t<double>(static_cast<py::ssize_t>(d.col_cost.size()), d.col_cost.data());
        out["col_integer"] = py::array_t<std::uint8_t>(static_cast<py::ssize_t>(d.col_integer.size()), d.col_integer.data());
        out["row_lower"] = py::array_t<double>(static_cast<py::ssize_t>(d.row_lower.size()), d.row_lower.data());
        out["row_upper"] = py::array_t<double>(static_cast<py::ssize_t>(d.row_upper.size()), d.row_upper.data());
        out["row_start"] = py::array_t<std::int64_t>(static_cast<py::ssize_t>(d.row_start.size()), d.row_start.data());
        out["row_index"] = py::array_t<std::int32_t>(static_cast<py::ssize_t>(d.row_index.size()), d.row_index.data());
        out["row_value"] = py::array_t<double>(static_cast<py::ssize_t>(d.row_value.size()), d.row_value.data());
        out["col_names"] = d.col_names;
        out["row_names"] = d.row_names;
        return out;
      })
      .def("set_option", [](lsmip::Solver& s, const std::string& name, const std::string& value) {
        check(s.set_option(name, value));
      })
      .def("get_option", [](const lsmip::Solver& s, const std::string& name) {
        std::string v;
        check(s.get_option(name, v));
        return v;
      })
      .def("set_initial_solution", [](lsmip::Solver& s, Array<double> x) {
        check(s.set_initial_solution(std::span<const double>(x.data(), static_cast<std::size_t>(x.size()))));
      })
      .def("solve", &solve, py::arg("callback") = py::none())
      .def("interrupt", &lsmip::Solver::interrupt)
      .def("write_solution", [](const lsmip::Solver& s, const std::string& path) { check(s.write_solution(path)); })
      .def("write_model", [](const lsmip::Solver& s, const std::string& path) { check(s.write_model(path)); })
      .def_property_readonly("num_cols", &lsmip::Solver::num_cols)
      .def_property_readonly("num_rows", &lsmip::Solver::num_rows)
      .def_property_readonly("num_nonzeros", &lsmip::Solver::num_nonzeros);
}
