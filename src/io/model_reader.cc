#include "io/model_reader.h"

#include <cctype>
#include <cstdio>

#include "io/line_reader.h"
#include "io/lp_reader.h"
#include "io/mps_reader.h"

namespace lsmip::io {

namespace {

bool has_suffix(const std::string& path, std::string_view suffix) {
  if (path.size() < suffix.size()) return false;
  for (std::size_t k = 0; k < suffix.size(); ++k) {
    char c = path[path.size() - suffix.size() + k];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != suffix[k]) return false;
  }
  return true;
}

}  // namespace

bool is_lp_path(const std::string& path) { return has_suffix(path, ".lp") || has_suffix(path, ".lp.gz"); }

namespace {

// The compression a magic number shows, other than gzip; nullptr when none is known.
const char* foreign_compression(std::string_view head) {
  auto starts = [&](std::string_view m) { return head.substr(0, m.size()) == m; };
  if (starts("BZh")) return "bzip2";
  if (starts("\xFD" "7zXZ")) return "xz";
  if (starts("\x28\xB5\x2F\xFD")) return "zstd";
  if (starts("PK\x03\x04")) return "zip";
  return nullptr;
}

// True when plain (not compressed) text looks like CPLEX LP: its first word, after blank
// lines, is a comment "\" or an objective section keyword.
bool looks_like_lp(std::string_view text) {
  std::size_t k = 0;
  while (k < text.size() && (text[k] == ' ' || text[k] == '\t' || text[k] == '\n' || text[k] == '\r')) ++k;
  if (k < text.size() && text[k] == '\\') return true;
  std::string word;
  while (k < text.size() && std::isalpha(static_cast<unsigned char>(text[k])) && word.size() < 16) {
    word += static_cast<char>(std::tolower(static_cast<unsigned char>(text[k++])));
  }
  return word == "minimize" || word == "maximize" || word == "minimum" || word == "maximum" ||
         word == "min" || word == "max" || word == "minimise" || word == "maximise";
}

// The first bytes of a regular file (empty when it cannot be opened: the reader reports it).
std::string head_of(const std::string& path) {
  std::string head(512, '\0');
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return {};
  head.resize(std::fread(head.data(), 1, head.size(), f));
  std::fclose(f);
  return head;
}

}  // namespace

Result<Model> read_model(const std::string& given, const ReadOptions& options, Logger& log,
                         std::function<bool()> should_stop) {
  const std::string path = given == "-" ? "/dev/stdin" : given;
  // A FIFO or device is read whole first, in slices that honour should_stop
  // (line_reader.h), so a pipe with no writer or a trickling one cannot hang.
  Result<std::optional<std::string>> piped = read_if_not_regular(path, should_stop);
  if (!piped.ok()) return piped.status();
  const std::optional<std::string>& text = piped.value();
  const std::string head = text ? text->substr(0, 512) : head_of(path);
  if (const char* c = foreign_compression(head)) {
    return Status(StatusCode::kUnsupported,
                  std::string("the input is ") + c + "-compressed; lsmip reads plain and gzip files: "
                  "decompress it first, or pipe it in (e.g. " + c + " -dc FILE | lsmip -)", {given, 0});
  }
  bool lp = false;
  switch (options.format) {
    case ReadOptions::Format::kLp: lp = true; break;
    case ReadOptions::Format::kMps: lp = false; break;
    case ReadOptions::Format::kAuto:
      if (is_lp_path(path)) {
        lp = true;
      } else if (has_suffix(path, ".mps") || has_suffix(path, ".mps.gz") || has_suffix(path, ".gz")) {
        lp = false;
      } else {
        lp = looks_like_lp(head);
      }
      break;
  }
  if (lp) {
    LpReadOptions lp;
    lp.should_stop = std::move(should_stop);
    return text ? read_lp_text(*text, path, lp, log) : read_lp(path, lp, log);
  }
  MpsReadOptions mps;
  mps.should_stop = std::move(should_stop);
  mps.negative_upper = options.mps_negative_upper;
  mps.format = options.mps_format;
  return text ? read_mps_text(*text, path, mps, log) : read_mps(path, mps, log);
}

}  // namespace lsmip::io
