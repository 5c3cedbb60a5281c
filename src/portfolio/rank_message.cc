#include "portfolio/rank_message.h"

#include <cmath>
#include <cstring>

namespace lsmip::portfolio {
namespace {

constexpr char kMagic[4] = {'L', 'S', 'X', '1'};
constexpr std::uint32_t kOrder = 0x01020304;
constexpr std::uint8_t kNoStop = 255;
constexpr std::size_t kHeader = 4 + 4 + 1 + 1 + 8 + 4;
constexpr std::size_t kMaxSource = 255;

template <class T>
void put(std::string& out, T v) {
  char buf[sizeof(T)];
  std::memcpy(buf, &v, sizeof(T));
  out.append(buf, sizeof(T));
}

// Reads values from a byte view; every read checks the bounds.
class Reader {
 public:
  explicit Reader(std::string_view b) : b_(b) {}
  template <class T>
  bool get(T& v) {
    if (b_.size() - at_ < sizeof(T)) return false;
    std::memcpy(&v, b_.data() + at_, sizeof(T));
    at_ += sizeof(T);
    return true;
  }
  bool bytes(std::size_t n, std::string& out) {
    if (b_.size() - at_ < n) return false;
    out.assign(b_.data() + at_, n);
    at_ += n;
    return true;
  }
  std::size_t left() const { return b_.size() - at_; }

 private:
  std::string_view b_;
  std::size_t at_ = 0;
};

// One solution in wire form.
std::string encode_solution(const SharedSolution& s, std::span<const double> base) {
  std::string out;
  put(out, s.min_objective);
  const std::size_t len = std::min(s.source.size(), kMaxSource);
  put(out, static_cast<std::uint16_t>(len));
  out.append(s.source.data(), len);
  std::size_t differ = 0;
  const bool with_base = base.size() == s.x.size();
  if (with_base) {
    for (std::size_t j = 0; j < s.x.size(); ++j) differ += s.x[j] != base[j] ? 1 : 0;
  }
  const std::uint32_t n = static_cast<std::uint32_t>(s.x.size());
  if (with_base && 4 + differ * 12 < s.x.size() * 8) {
    put(out, std::uint8_t{1});
    put(out, n);
    put(out, static_cast<std::uint32_t>(differ));
    for (std::size_t j = 0; j < s.x.size(); ++j) {
      if (s.x[j] == base[j]) continue;
      put(out, static_cast<std::uint32_t>(j));
      put(out, s.x[j]);
    }
  } else {
    put(out, std::uint8_t{0});
    put(out, n);
    const std::size_t at = out.size();
    out.resize(at + s.x.size() * sizeof(double));
    if (!s.x.empty()) std::memcpy(out.data() + at, s.x.data(), s.x.size() * sizeof(double));
  }
  return out;
}

bool decode_solution(Reader& in, std::span<const double> base, std::size_t n, SharedSolution& s) {
  std::uint16_t len = 0;
  std::uint8_t form = 0;
  std::uint32_t size = 0;
  if (!in.get(s.min_objective) || !std::isfinite(s.min_objective) || !in.get(len) || !in.bytes(len, s.source) ||
      !in.get(form) || !in.get(size) || size != n) {
    return false;
  }
  if (form == 0) {
    if (in.left() / sizeof(double) < n) return false;
    s.x.resize(n);
    for (double& v : s.x) {
      if (!in.get(v) || !std::isfinite(v)) return false;
    }
    return true;
  }
  std::uint32_t k = 0;
  if (form != 1 || base.size() != n || !in.get(k) || k > n || in.left() / 12 < k) return false;
  s.x.assign(base.begin(), base.end());
  for (std::uint32_t t = 0; t < k; ++t) {
    std::uint32_t j = 0;
    double v = 0;
    if (!in.get(j) || j >= n || !in.get(v) || !std::isfinite(v)) return false;
    s.x[j] = v;
  }
  return true;
}

}  // namespace

std::string encode_message(const RankMessage& m, std::span<const double> base, std::size_t max_bytes) {
  std::string out(kMagic, 4);
  put(out, kOrder);
  put(out, static_cast<std::uint8_t>(m.done ? 1 : 0));
  put(out, static_cast<std::uint8_t>(m.stop >= 0 && m.stop < kNoStop ? m.stop : kNoStop));
  put(out, m.bound);
  std::vector<std::string> parts;
  std::size_t total = kHeader;
  for (const SharedSolution& s : m.solutions) {
    std::string p = encode_solution(s, base);
    if (total + p.size() > max_bytes) break;
    total += p.size();
    parts.push_back(std::move(p));
  }
  put(out, static_cast<std::uint32_t>(parts.size()));
  for (const std::string& p : parts) out += p;
  return out;
}

namespace {

// The header's fields into `m`; `count` = the number of solutions that follow.
bool read_header(Reader& in, RankMessage& m, std::uint32_t& count) {
  std::uint32_t order = 0;
  std::uint8_t flags = 0, stop = 0;
  if (!in.get(order) || order != kOrder || !in.get(flags) || flags > 1 || !in.get(stop) || !in.get(m.bound) ||
      std::isnan(m.bound) || !in.get(count)) {
    return false;
  }
  m.done = flags == 1;
  m.stop = stop == kNoStop ? -1 : stop;
  return true;
}

}  // namespace

std::optional<RankMessage> decode_header(std::string_view bytes) {
  if (bytes.size() < kHeader || std::memcmp(bytes.data(), kMagic, 4) != 0) return std::nullopt;
  Reader in(bytes.substr(4));
  RankMessage m;
  std::uint32_t count = 0;
  if (!read_header(in, m, count)) return std::nullopt;
  return m;
}

std::optional<RankMessage> decode_message(std::string_view bytes, std::span<const double> base, std::size_t n) {
  if (bytes.size() < kHeader || std::memcmp(bytes.data(), kMagic, 4) != 0) return std::nullopt;
  Reader in(bytes.substr(4));
  std::uint32_t count = 0;
  RankMessage m;
  if (!read_header(in, m, count)) return std::nullopt;
  for (std::uint32_t k = 0; k < count; ++k) {
    SharedSolution s;
    if (!decode_solution(in, base, n, s)) return std::nullopt;
    m.solutions.push_back(std::move(s));
  }
  if (in.left() != 0) return std::nullopt;
  return m;
}

}  // namespace lsmip::portfolio
