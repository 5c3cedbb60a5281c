// Blocking input cannot hang: a FIFO with no writer, or a writer that
// trickles bytes, ends reading within 0.2 s of the stop callback turning true
// (io::read_model, io::read_if_not_regular); a complete FIFO is read in full.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

#include "io/line_reader.h"
#include "io/model_reader.h"
#include "io/read_options.h"
#include "util/logger.h"

namespace lsmip::io {
namespace {

using Clock = std::chrono::steady_clock;

std::string make_fifo(const std::string& name) {
  const std::string path = ::testing::TempDir() + "/" + name;
  std::remove(path.c_str());
  EXPECT_EQ(mkfifo(path.c_str(), 0600), 0);
  return path;
}

// Stop turns true 0.3 s after `start`.
std::function<bool()> stop_after_300ms(Clock::time_point start) {
  return [start] { return Clock::now() - start > std::chrono::milliseconds(300); };
}

TEST(Fifo, NoWriterEndsAtTheStop) {
  const std::string path = make_fifo("nowriter.mps");
  Logger log(LogLevel::kQuiet);
  const auto start = Clock::now();
  const Result<Model> r = read_model(path, read_options(Options{}), log, stop_after_300ms(start));
  const double secs = std::chrono::duration<double>(Clock::now() - start).count();
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kInterrupted) << r.status().to_string();
  EXPECT_LT(secs, 0.5);
  std::remove(path.c_str());
}

TEST(Fifo, TricklingWriterEndsAtTheStop) {
  const std::string path = make_fifo("trickle.mps");
  std::atomic<bool> done{false};
  std::thread writer([&] {
    const int fd = ::open(path.c_str(), O_WRONLY);
    if (fd < 0) return;
    const std::string text = "NAME T\nROWS\n N obj\n";
    for (std::size_t k = 0; !done && k < 200; ++k) {
      if (::write(fd, text.data() + k % text.size(), 1) < 0) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    ::close(fd);
  });
  Logger log(LogLevel::kQuiet);
  const auto start = Clock::now();
  const Result<Model> r = read_model(path, read_options(Options{}), log, stop_after_300ms(start));
  const double secs = std::chrono::duration<double>(Clock::now() - start).count();
  done = true;
  writer.join();
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kInterrupted) << r.status().to_string();
  EXPECT_LT(secs, 0.5);
  std::remove(path.c_str());
}

TEST(Fifo, CompleteInputIsReadInFull) {
  const std::string path = make_fifo("whole.mps");
  std::thread writer([&] {
    const int fd = ::open(path.c_str(), O_WRONLY);
    if (fd < 0) return;
    const std::string text =
        "NAME T\nROWS\n N obj\n L c\nCOLUMNS\n x obj 1 c 1\nRHS\n rhs c 4\nENDATA\n";
    for (const char ch : text) {
      if (::write(fd, &ch, 1) < 0) break;
    }
    ::close(fd);
  });
  Logger log(LogLevel::kQuiet);
  const Result<Model> r = read_model(path, read_options(Options{}), log, [] { return false; });
  writer.join();
  ASSERT_TRUE(r.ok()) << r.status().to_string();
  EXPECT_EQ(r.value().num_cols(), 1);
  EXPECT_EQ(r.value().num_rows(), 1);
  std::remove(path.c_str());
}

}  // namespace
}  // namespace lsmip::io
