// The immutable mixed-integer linear program every other part of lsmip reads.
//
//   minimise    offset + c·x
//   subject to  row_lower_i <= a_i·x <= row_upper_i      (ranged rows)
//               col_lower_j <=  x_j  <= col_upper_j, x_j integer for integer columns
//
// Invariants (established by ModelBuilder::build, never changed afterwards):
//  * the objective is stored in minimisation form; sense() remembers whether
//    the file asked to maximise, and original_objective() converts back;
//  * infinite sides and bounds are ±kInf (|v| >= kInfinityThreshold in files);
//  * no NaN anywhere; no (row, column) pair appears twice; no explicit zeros;
//  * the matrix is held twice, row-wise (CSR) and column-wise (CSC), in flat
//    arrays with 32-bit indices and 64-bit start offsets, sorted by index.
// Bounds may be inconsistent (lb > ub): such a model is valid but infeasible,
// which the caller detects with first_empty_domain().
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace lsmip {

using Index = std::int32_t;    // a row or column index
using NzIndex = std::int64_t;  // a position in the CSR / CSC arrays

inline constexpr double kInf = std::numeric_limits<double>::infinity();
// Values at or beyond this magnitude in an input file mean "infinite".
inline constexpr double kInfinityThreshold = 1e20;

enum class ObjSense : std::int8_t { kMinimize = 1, kMaximize = -1 };

// One row or column of the matrix: parallel spans of indices and values.
struct SparseVector {
  std::span<const Index> index;
  std::span<const double> value;
  std::size_t size() const { return index.size(); }
};

// Both orientations of a sparse matrix in flat arrays.
struct SparseMatrix {
  Index num_rows = 0;
  Index num_cols = 0;
  std::vector<NzIndex> row_start;  // size num_rows + 1
  std::vector<Index> row_index;    // column of each row-wise entry
  std::vector<double> row_value;
  std::vector<NzIndex> col_start;  // size num_cols + 1
  std::vector<Index> col_index;    // row of each column-wise entry
  std::vector<double> col_value;

  NzIndex num_nonzeros() const { return static_cast<NzIndex>(row_value.size()); }
  SparseVector row(Index i) const;
  SparseVector col(Index j) const;
};

// Names of rows and columns with lookup by name; names are unique. The index
// is an open-addressing hash table kept at most half full. Each slot holds
// the first 8 bytes of the name, 32 hash bits and the position + 1, so a
// lookup of a name of up to 8 characters touches one cache line, and longer
// names need one string comparison more.
class NameTable {
 public:
  // Appends `name`; returns false (and adds nothing) when it already exists.
  bool add(std::string name);
  const std::string& operator[](Index i) const { return names_[static_cast<std::size_t>(i)]; }
  std::optional<Index> find(std::string_view name) const;
  Index size() const { return static_cast<Index>(names_.size()); }
  void reserve(std::size_t n);

 private:
  struct Slot {
    std::uint64_t prefix;  // first 8 bytes of the name, zero padded
    std::uint32_t tag;     // 24 high hash bits and the name length (capped at 255)
    std::uint32_t pos;     // position + 1; 0 = empty slot
  };
  static std::uint64_t hash(std::string_view s);
  static std::uint64_t prefix_of(std::string_view s);
  static std::uint32_t tag_of(std::uint64_t hash, std::size_t length);
  void insert_slot(std::size_t i);
  void rehash(std::size_t slots);

  std::vector<std::string> names_;
  std::vector<Slot> slots_;
};

class ModelBuilder;

class Model {
 public:
  Index num_rows() const { return matrix_.num_rows; }
  Index num_cols() const { return matrix_.num_cols; }
  NzIndex num_nonzeros() const { return matrix_.num_nonzeros(); }

  const std::string& name() const { return name_; }
  ObjSense sense() const { return sense_; }

  // Column data. obj() is the minimisation-form cost (negated for max models).
  double col_lower(Index j) const { return col_lower_[static_cast<std::size_t>(j)]; }
  double col_upper(Index j) const { return col_upper_[static_cast<std::size_t>(j)]; }
  double obj(Index j) const { return obj_[static_cast<std::size_t>(j)]; }
  bool is_integer(Index j) const { return is_integer_[static_cast<std::size_t>(j)] != 0; }
  // Integer column with bounds exactly [0, 1].
  bool is_binary(Index j) const;
  std::span<const double> col_lower() const { return col_lower_; }
  std::span<const double> col_upper() const { return col_upper_; }
  std::span<const double> obj() const { return obj_; }
  std::span<const std::uint8_t> is_integer() const { return is_integer_; }

  // Row data: row_lower(i) <= a_i·x <= row_upper(i).
  double row_lower(Index i) const { return row_lower_[static_cast<std::size_t>(i)]; }
  double row_upper(Index i) const { return row_upper_[static_cast<std::size_t>(i)]; }
  std::span<const double> row_lower() const { return row_lower_; }
  std::span<const double> row_upper() const { return row_upper_; }
  // Some row has row_lower == row_upper (an equality).
  bool has_equality_rows() const;

  const SparseMatrix& matrix() const { return matrix_; }
  SparseVector row(Index i) const { return matrix_.row(i); }
  SparseVector col(Index j) const { return matrix_.col(j); }

  // Minimisation-form constant: objective = obj_offset() + obj()·x.
  double obj_offset() const { return obj_offset_; }
  // Converts a minimisation-form objective value to the file's sense.
  double original_objective(double internal) const {
    return static_cast<double>(static_cast<int>(sense_)) * internal;
  }
  // Minimisation-form objective of a full assignment (long double sum). Cost O(n).
  double objective(std::span<const double> x) const;

  const NameTable& col_names() const { return col_names_; }
  const NameTable& row_names() const { return row_names_; }
  const std::string& col_name(Index j) const { return col_names_[j]; }
  const std::string& row_name(Index i) const { return row_names_[i]; }

  // Bounds of column j; for an integer column rounded inward to integers (a bound within
  // 1e-9 of an integer counts as that integer). Cost O(1).
  struct Domain {
    double lb, ub;
  };
  Domain domain(Index j) const;

  // First column whose domain is empty (lb > ub, or no integer in [lb, ub]), if any.
  std::optional<Index> first_empty_domain() const;

  // Bytes held by the numeric arrays (bounds, costs, both matrix views), for memory reports.
  std::size_t array_bytes() const;

 private:
  friend class ModelBuilder;

  std::string name_;
  ObjSense sense_ = ObjSense::kMinimize;
  double obj_offset_ = 0.0;
  std::vector<double> col_lower_, col_upper_, obj_;
  std::vector<std::uint8_t> is_integer_;
  std::vector<double> row_lower_, row_upper_;
  SparseMatrix matrix_;
  NameTable col_names_, row_names_;
};

}  // namespace lsmip
