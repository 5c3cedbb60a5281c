// Reading benchmark (not a test): for each model file given, measures
//  * inflate: CPU time to decompress the whole file with zlib and discard it,
//  * read:    CPU time of io::read_mps (decompression + parsing + model build),
// and reports the uncompressed size, the parse rate (uncompressed MB per
// second of read time minus inflate time), the model's array bytes and the
// process's peak resident memory growth while reading.
//
// usage: lsmip_read_bench MODEL...   (run each model in its own process for
// clean peak-memory figures: bench/read_bench.sh does that)
#include <sys/resource.h>
#include <zlib.h>

#include <chrono>
#include <cstdio>
#include <vector>

#include "io/mps_reader.h"

namespace {

// CPU seconds of this process (user + system): robust on a loaded machine.
double now() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         1e-6 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

long peak_rss_kib() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace lsmip;
  std::printf("%-28s %10s %9s %9s %10s %12s %12s %7s\n", "model", "MB", "inflate_s", "read_s",
              "parse_MB/s", "arrays_MiB", "peak_MiB", "ratio");
  for (int a = 1; a < argc; ++a) {
    const std::string path = argv[a];
    // Decompression alone.
    double t0 = now();
    gzFile f = gzopen(path.c_str(), "rb");
    if (f == nullptr) {
      std::fprintf(stderr, "%s: cannot open\n", path.c_str());
      return 1;
    }
    gzbuffer(f, 1 << 17);
    std::vector<char> buf(1 << 18);
    std::size_t bytes = 0;
    int n = 0;
    while ((n = gzread(f, buf.data(), static_cast<unsigned>(buf.size()))) > 0) bytes += static_cast<std::size_t>(n);
    gzclose(f);
    const double inflate = now() - t0;
    const long rss_before = peak_rss_kib();
    Logger log(LogLevel::kQuiet);
    t0 = now();
    Result<Model> model = io::read_mps(path, io::MpsReadOptions{}, log);
    const double read = now() - t0;
    if (!model.ok()) {
      std::fprintf(stderr, "%s\n", model.status().to_string().c_str());
      return 1;
    }
    const double mb = static_cast<double>(bytes) / 1e6;
    const double arrays = static_cast<double>(model->array_bytes()) / (1 << 20);
    const double peak = static_cast<double>(peak_rss_kib() - rss_before) / 1024.0;
    std::string name = path.substr(path.find_last_of('/') + 1);
    std::printf("%-28s %10.1f %9.3f %9.3f %10.0f %12.1f %12.1f %7.2f\n", name.c_str(), mb, inflate,
                read, mb / std::max(1e-9, read - inflate), arrays, peak, peak / arrays);
  }
  return 0;
}
