#include "mpi/model_packing.h"

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

namespace lsmip::mpi {
namespace {

class Writer {
 public:
  explicit Writer(std::string& out) : out_(out) {}
  void count(std::uint64_t n) { raw(&n, sizeof n); }
  template <class T>
  void array(const std::vector<T>& v) {
    static_assert(std::is_trivially_copyable_v<T>);
    count(v.size());
    raw(v.data(), v.size() * sizeof(T));
  }
  void text(const std::string& s) {
    count(s.size());
    raw(s.data(), s.size());
  }
  void texts(const std::vector<std::string>& v) {
    count(v.size());
    for (const std::string& s : v) text(s);
  }
  void raw(const void* p, std::size_t n) { out_.append(static_cast<const char*>(p), n); }

 private:
  std::string& out_;
};

class Reader {
 public:
  explicit Reader(const std::string& in) : in_(in) {}
  bool count(std::uint64_t& n) { return raw(&n, sizeof n); }
  template <class T>
  bool array(std::vector<T>& v) {
    std::uint64_t n = 0;
    if (!count(n) || n > (in_.size() - pos_) / sizeof(T)) return false;
    v.resize(n);
    return raw(v.data(), n * sizeof(T));
  }
  bool text(std::string& s) {
    std::uint64_t n = 0;
    if (!count(n) || n > in_.size() - pos_) return false;
    s.assign(in_, pos_, n);
    pos_ += n;
    return true;
  }
  bool texts(std::vector<std::string>& v) {
    std::uint64_t n = 0;
    if (!count(n) || n > in_.size() - pos_) return false;  // each name takes 8 bytes at least
    v.resize(n);
    for (std::string& s : v) {
      if (!text(s)) return false;
    }
    return true;
  }
  bool raw(void* p, std::size_t n) {
    if (n > in_.size() - pos_) return false;
    if (n > 0) std::memcpy(p, in_.data() + pos_, n);
    pos_ += n;
    return true;
  }
  bool at_end() const { return pos_ == in_.size(); }

 private:
  const std::string& in_;
  std::size_t pos_ = 0;
};

}  // namespace

std::string pack_model(const ModelData& d) {
  std::string out;
  Writer w(out);
  w.text(d.name);
  const std::int32_t sense = static_cast<std::int32_t>(d.sense);
  w.raw(&sense, sizeof sense);
  w.raw(&d.offset, sizeof d.offset);
  w.array(d.col_lower);
  w.array(d.col_upper);
  w.array(d.col_cost);
  w.array(d.col_integer);
  w.texts(d.col_names);
  w.array(d.row_lower);
  w.array(d.row_upper);
  w.texts(d.row_names);
  w.array(d.row_start);
  w.array(d.row_index);
  w.array(d.row_value);
  return out;
}

bool unpack_model(const std::string& bytes, ModelData& out) {
  Reader r(bytes);
  ModelData d;
  std::int32_t sense = 0;
  const bool ok = r.text(d.name) && r.raw(&sense, sizeof sense) && r.raw(&d.offset, sizeof d.offset) &&
                  r.array(d.col_lower) && r.array(d.col_upper) && r.array(d.col_cost) &&
                  r.array(d.col_integer) && r.texts(d.col_names) && r.array(d.row_lower) &&
                  r.array(d.row_upper) && r.texts(d.row_names) && r.array(d.row_start) &&
                  r.array(d.row_index) && r.array(d.row_value) && r.at_end();
  if (!ok) return false;
  d.sense = static_cast<Sense>(sense);
  out = std::move(d);
  return true;
}

}  // namespace lsmip::mpi
