#include "io/mps_writer.h"

#include <charconv>
#include <cmath>
#include <cstddef>
#include <string_view>

namespace lsmip::io {
namespace {

void append_number(std::string& out, double v) {
  if (std::isinf(v)) {
    out += v > 0 ? "1e+30" : "-1e+30";
    return;
  }
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

bool writable_name(std::string_view name) {
  if (name.empty()) return false;
  for (char c : name) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') return false;
  }
  return true;
}

void append_entry(std::string& out, std::string_view first, std::string_view second, double v) {
  out += "    ";
  out += first;
  out += ' ';
  out += second;
  out += ' ';
  append_number(out, v);
  out += '\n';
}

}  // namespace

Result<std::string> format_mps(const Model& model) {
  const Index m = model.num_rows(), n = model.num_cols();
  for (Index j = 0; j < n; ++j) {
    if (!writable_name(model.col_name(j))) {
      return Status(StatusCode::kUnsupported, "column " + std::to_string(j) + " has the name '" +
                                                  model.col_name(j) + "', which free MPS cannot hold");
    }
  }
  for (Index i = 0; i < m; ++i) {
    if (!writable_name(model.row_name(i))) {
      return Status(StatusCode::kUnsupported, "row " + std::to_string(i) + " has the name '" +
                                                  model.row_name(i) + "', which free MPS cannot hold");
    }
  }
  // The objective row needs a name no row has.
  std::string obj_name = "obj";
  while (model.row_names().find(obj_name)) obj_name += '_';

  const double sign = static_cast<double>(static_cast<int>(model.sense()));  // file = sign * internal
  std::string out;
  out.reserve(static_cast<std::size_t>(model.num_nonzeros()) * 32 + static_cast<std::size_t>(n + m) * 24);
  out += "NAME ";
  out += writable_name(model.name()) ? model.name() : std::string("lsmip");
  out += '\n';
  if (model.sense() == ObjSense::kMaximize) out += "OBJSENSE\n    MAX\n";
  out += "ROWS\n N ";
  out += obj_name;
  out += '\n';
  for (Index i = 0; i < m; ++i) {
    const double lo = model.row_lower(i), hi = model.row_upper(i);
    const char* type = std::isfinite(lo) ? (lo == hi ? " E " : " G ") : (std::isfinite(hi) ? " L " : " N ");
    out += type;
    out += model.row_name(i);
    out += '\n';
  }

  out += "COLUMNS\n";
  bool in_int = false;
  const auto marker = [&out](const char* name, const char* kind) {
    out += "    ";
    out += name;
    out += " 'MARKER' '";
    out += kind;
    out += "'\n";
  };
  for (Index j = 0; j < n; ++j) {
    if (model.is_integer(j) != in_int) {
      in_int = model.is_integer(j);
      marker(in_int ? "MARKER_INT" : "MARKER_END", in_int ? "INTORG" : "INTEND");
    }
    const std::string& name = model.col_name(j);
    const double cost = sign * model.obj(j);
    const SparseVector col = model.col(j);
    // A column with no entry still needs one line to exist: its (possibly zero) cost.
    if (cost != 0.0 || col.size() == 0) append_entry(out, name, obj_name, cost);
    for (std::size_t k = 0; k < col.size(); ++k) {
      append_entry(out, name, model.row_name(col.index[k]), col.value[k]);
    }
  }
  if (in_int) marker("MARKER_END", "INTEND");

  out += "RHS\n";
  if (model.obj_offset() != 0.0) append_entry(out, "RHS", obj_name, -sign * model.obj_offset());
  for (Index i = 0; i < m; ++i) {
    const double lo = model.row_lower(i), hi = model.row_upper(i);
    const double rhs = std::isfinite(lo) ? lo : hi;
    if (std::isfinite(rhs) && rhs != 0.0) append_entry(out, "RHS", model.row_name(i), rhs);
  }
  bool ranges = false;
  for (Index i = 0; i < m; ++i) {
    const double lo = model.row_lower(i), hi = model.row_upper(i);
    if (std::isfinite(lo) && std::isfinite(hi) && lo != hi) {
      if (!ranges) out += "RANGES\n";
      ranges = true;
      append_entry(out, "RNG", model.row_name(i), hi - lo);
    }
  }

  out += "BOUNDS\n";
  const auto bound = [&out](const char* type, const std::string& name, const double* v) {
    out += ' ';
    out += type;
    out += " BND ";
    out += name;
    if (v != nullptr) {
      out += ' ';
      append_number(out, *v);
    }
    out += '\n';
  };
  for (Index j = 0; j < n; ++j) {
    const std::string& name = model.col_name(j);
    const double lo = model.col_lower(j), hi = model.col_upper(j);
    if (lo == hi) {
      bound("FX", name, &lo);
      continue;
    }
    if (std::isinf(lo) && std::isinf(hi)) {
      bound("FR", name, nullptr);
      continue;
    }
    // LO first: an UP below zero with no LO would mean a lower bound of -inf to some readers.
    if (std::isinf(lo)) {
      bound("MI", name, nullptr);
    } else if (lo != 0.0 || model.is_integer(j) || hi < 0.0) {
      bound("LO", name, &lo);
    }
    if (std::isinf(hi)) {
      if (model.is_integer(j)) bound("PL", name, nullptr);
    } else {
      bound("UP", name, &hi);
    }
  }
  out += "ENDATA\n";
  return out;
}

}  // namespace lsmip::io
