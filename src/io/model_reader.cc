#include "io/model_reader.h"

#include <cctype>

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

// `path` without a trailing ".gz", ".bz2" or ".xz".
std::string without_compression_suffix(const std::string& path) {
  for (const char* suffix : {".gz", ".bz2", ".xz"}) {
    if (has_suffix(path, suffix)) return path.substr(0, path.size() - std::string_view(suffix).size());
  }
  return path;
}

}  // namespace

bool is_lp_path(const std::string& path) { return has_suffix(without_compression_suffix(path), ".lp"); }

namespace {

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

}  // namespace

Result<Model> read_model(const std::string& given, const ReadOptions& options, Logger& log,
                         std::function<bool()> should_stop) {
  const std::string path = given == "-" ? "/dev/stdin" : given;
  // A FIFO or device is read whole first, in slices that honour should_stop
  // (line_reader.h), so a pipe with no writer or a trickling one cannot hang.
  Result<std::optional<std::string>> piped = read_if_not_regular(path, should_stop);
  if (!piped.ok()) return piped.status();
  const std::optional<std::string>& text = piped.value();
  // The first bytes of the text, decompressed, show the format when the name does not.
  FileHead head;
  if (text) {
    head.text = text->substr(0, 512);
  } else {
    head = read_head(path, 512);
    if (!can_decode(head.compression)) return unsupported_compression(head.compression, given);
  }
  bool lp = false;
  switch (options.format) {
    case ReadOptions::Format::kLp: lp = true; break;
    case ReadOptions::Format::kMps: lp = false; break;
    case ReadOptions::Format::kAuto:
      if (is_lp_path(path)) {
        lp = true;
      } else if (has_suffix(without_compression_suffix(path), ".mps")) {
        lp = false;
      } else {
        lp = looks_like_lp(head.text);
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
