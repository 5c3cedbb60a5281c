#include "io/model_reader.h"

#include "io/line_reader.h"
#include "io/lp_reader.h"
#include "io/mps_reader.h"

namespace lsmip::io {

bool is_lp_path(const std::string& path) {
  auto ends_with = [&](std::string_view suffix) {
    if (path.size() < suffix.size()) return false;
    for (std::size_t k = 0; k < suffix.size(); ++k) {
      char c = path[path.size() - suffix.size() + k];
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      if (c != suffix[k]) return false;
    }
    return true;
  };
  return ends_with(".lp") || ends_with(".lp.gz");
}

Result<Model> read_model(const std::string& path, const ReadOptions& options, Logger& log,
                         std::function<bool()> should_stop) {
  // A FIFO or device is read whole first, in slices that honour should_stop
  // (line_reader.h), so a pipe with no writer or a trickling one cannot hang.
  Result<std::optional<std::string>> piped = read_if_not_regular(path, should_stop);
  if (!piped.ok()) return piped.status();
  const std::optional<std::string>& text = piped.value();
  if (is_lp_path(path)) {
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
