// Compressed input: gzip, bzip2 and xz found by content and decoded (concatenated
// streams included) by io::Decoder, io::LineReader and io::read_model; input cut
// short, damaged, or followed by junk is an error naming the file; zstd and zip
// are refused by name.
#include "io/decompress.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <thread>

#include "io/line_reader.h"
#include "io/model_reader.h"
#include "io/read_options.h"
#include "test_util.h"

namespace lsmip {
namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void spit(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

std::string compressed(const std::string& name) { return testing::data_path("models/compressed/" + name); }

// The text of tests/data/models/tiny.mps.gz, decoded by zlib's own reader.
std::string tiny_text() {
  io::LineReader in;
  EXPECT_TRUE(in.open(testing::data_path("models/tiny.mps.gz")).ok());
  std::string text;
  std::string_view line;
  while (in.next(line)) text.append(line).append("\n");
  EXPECT_TRUE(in.status().ok()) << in.status().to_string();
  return text;
}

// All lines of `path` joined with "\n", and the reader's final status.
std::pair<std::string, Status> read_lines(const std::string& path) {
  io::LineReader in;
  if (Status st = in.open(path); !st.ok()) return {"", st};
  std::string text;
  std::string_view line;
  while (in.next(line)) text.append(line).append("\n");
  return {text, in.status()};
}

// True when the shell finds `tool`.
bool have_tool(const std::string& tool) {
  return testing::run_command("command -v " + tool + " >/dev/null").exit_code == 0;
}

// 60,000 numbered lines: big enough for several reads and, for bzip2, several blocks
// at level 1 (100 kB blocks).
std::string big_text() {
  std::string text;
  for (int k = 0; k < 60000; ++k) text += "line " + std::to_string(k * 7919 % 100003) + " of the test\n";
  return text;
}

TEST(Decompress, MagicBytesNameTheCompression) {
  EXPECT_EQ(io::detect_compression("\x1F\x8B\x08"), io::Compression::kGzip);
  EXPECT_EQ(io::detect_compression("BZh91AY&SY"), io::Compression::kBzip2);
  EXPECT_EQ(io::detect_compression(std::string_view("\xFD" "7zXZ\0\0", 7)), io::Compression::kXz);
  EXPECT_EQ(io::detect_compression("\x28\xB5\x2F\xFD"), io::Compression::kZstd);
  EXPECT_EQ(io::detect_compression("PK\x03\x04"), io::Compression::kZip);
  EXPECT_EQ(io::detect_compression("BZh"), io::Compression::kNone) << "no block size";
  EXPECT_EQ(io::detect_compression("BZhx"), io::Compression::kNone);
  EXPECT_EQ(io::detect_compression("NAME x\n"), io::Compression::kNone);
  EXPECT_EQ(io::detect_compression(""), io::Compression::kNone);
}

TEST(Decompress, FixturesDecodeToTheSameTextAsGzip) {
  const std::string text = tiny_text();
  ASSERT_FALSE(text.empty());
  for (const char* name : {"tiny.mps.bz2", "tiny.mps.xz", "tiny_two_streams.mps.bz2", "tiny_two_streams.mps.xz"}) {
    const auto [got, st] = read_lines(compressed(name));
    EXPECT_TRUE(st.ok()) << name << ": " << st.to_string();
    EXPECT_EQ(got, text) << name;
  }
}

// Fed one byte at a time into an output of 3 bytes, each decoder gives the same text as in
// one piece: the streaming contract holds at every boundary, between streams included.
TEST(Decompress, DecodersStreamInPiecesOfOneByte) {
  const std::string text = tiny_text();
  for (const std::string& path : {compressed("tiny.mps.bz2"), compressed("tiny_two_streams.mps.bz2"),
                                  compressed("tiny.mps.xz"), compressed("tiny_two_streams.mps.xz"),
                                  testing::data_path("models/tiny.mps.gz")}) {
    const std::string data = slurp(path);
    std::unique_ptr<io::Decoder> d = io::Decoder::create(io::detect_compression(data));
    ASSERT_NE(d, nullptr) << path;
    std::string out;
    std::size_t fed = 0;
    for (int guard = 0; guard < 100000; ++guard) {
      const bool last = fed + 1 >= data.size();
      std::string_view in(data.data() + fed, std::min<std::size_t>(1, data.size() - fed));
      const std::size_t offered = in.size();
      char buf[3];
      Result<std::size_t> got = d->decode(in, buf, sizeof buf, last);
      ASSERT_TRUE(got.ok()) << path << ": " << got.status().message();
      fed += offered - in.size();
      if (offered == 1 && in.size() == 1) {
        ASSERT_GT(got.value(), 0u) << "no progress";
      }
      out.append(buf, got.value());
      if (last && in.empty() && got.value() == 0) break;
    }
    EXPECT_EQ(out, text) << path;
  }
}

TEST(Decompress, ToolOutputRoundTripsAndIsFoundByContent) {
  const std::string text = big_text();
  const std::string dir = ::testing::TempDir();
  struct Tool {
    const char* command;
    const char* file;  // no compression suffix: the content must tell
  };
  for (const Tool& t : {Tool{"bzip2 -1 -c", "rt_bzip2.dat"}, Tool{"xz -c", "rt_xz.dat"},
                        Tool{"gzip -c", "rt_gzip.dat"}}) {
    const std::string tool = std::string(t.command).substr(0, std::string(t.command).find(' '));
    if (!have_tool(tool)) {
      ADD_FAILURE() << tool << " is missing (.ci/install-deps installs it)";
      continue;
    }
    const std::string plain = dir + "/rt_plain.txt", path = dir + "/" + t.file;
    spit(plain, text);
    ASSERT_EQ(testing::run_command(std::string(t.command) + " " + plain + " > " + path).exit_code, 0);
    const auto [got, st] = read_lines(path);
    EXPECT_TRUE(st.ok()) << tool << ": " << st.to_string();
    EXPECT_EQ(got, text) << tool;
    // Two files concatenated, as `cat a b` makes them, read as one text.
    spit(path, slurp(path) + slurp(path));
    const auto [twice, st2] = read_lines(path);
    EXPECT_TRUE(st2.ok()) << tool << ": " << st2.to_string();
    EXPECT_EQ(twice, text + text) << tool;
  }
}

// Every cut of a compressed file is an error that names the file: the stream's end marker,
// CRC and (xz) index and footer must all be there.
TEST(Decompress, TruncatedFilesAreErrors) {
  const std::string dir = ::testing::TempDir();
  const std::string text = big_text();
  spit(dir + "/cut_plain.txt", text);
  for (const char* tool : {"bzip2", "xz"}) {
    if (!have_tool(tool)) {
      ADD_FAILURE() << tool << " is missing (.ci/install-deps installs it)";
      continue;
    }
    const std::string full = dir + "/cut_full." + tool;
    ASSERT_EQ(testing::run_command(std::string(tool) + " -c " + dir + "/cut_plain.txt > " + full).exit_code, 0);
    const std::string bytes = slurp(full);
    for (const std::size_t keep : {bytes.size() / 4, bytes.size() / 2, bytes.size() - 13, bytes.size() - 1}) {
      const std::string path = dir + "/cut_" + std::to_string(keep) + "." + tool;
      spit(path, bytes.substr(0, keep));
      const auto [got, st] = read_lines(path);
      ASSERT_FALSE(st.ok()) << tool << " cut to " << keep << " of " << bytes.size() << " bytes was accepted";
      EXPECT_EQ(st.code(), StatusCode::kInputError);
      EXPECT_NE(st.message().find("truncated"), std::string::npos) << st.message();
      EXPECT_EQ(st.where().file, path);
      EXPECT_LE(got.size(), text.size());
    }
  }
}

TEST(Decompress, DamagedDataAndTrailingJunkAreErrors) {
  const std::string dir = ::testing::TempDir();
  for (const std::string name : {"tiny.mps.bz2", "tiny.mps.xz"}) {
    const std::string bytes = slurp(compressed(name));
    // A flipped bit in the middle: in the compressed data, whose CRC or check then fails.
    std::string bad = bytes;
    bad[bad.size() / 2] = static_cast<char>(bad[bad.size() / 2] ^ 0x10);
    spit(dir + "/flip_" + name, bad);
    const auto [got, st] = read_lines(dir + "/flip_" + name);
    EXPECT_FALSE(st.ok()) << name << " with a flipped bit was accepted";
    EXPECT_EQ(st.where().file, dir + "/flip_" + name);
    // Text after the last stream.
    spit(dir + "/junk_" + name, bytes + "junk after the stream\n");
    const auto [got2, st2] = read_lines(dir + "/junk_" + name);
    EXPECT_FALSE(st2.ok()) << name << " with trailing junk was accepted";
    EXPECT_NE(st2.message().find("corrupt"), std::string::npos) << st2.message();
  }
  // gzip too: zlib's own reader ignored bytes after the last member.
  spit(dir + "/junk_tiny.mps.gz", slurp(testing::data_path("models/tiny.mps.gz")) + "junk\n");
  EXPECT_FALSE(read_lines(dir + "/junk_tiny.mps.gz").second.ok());
}

TEST(Decompress, ZstdAndZipAreRefusedByName) {
  for (const auto& [name, what] :
       {std::pair{"tiny.mps.zst", "zstd-compressed"}, std::pair{"tiny.mps.zip", "zip-compressed"}}) {
    const auto [got, st] = read_lines(compressed(name));
    EXPECT_EQ(st.code(), StatusCode::kUnsupported) << st.to_string();
    EXPECT_NE(st.message().find(what), std::string::npos) << st.message();
    EXPECT_EQ(st.where().file, compressed(name));
    Logger quiet(LogLevel::kQuiet);
    const Result<Model> m = io::read_model(compressed(name), io::read_options(Options{}), quiet);
    ASSERT_FALSE(m.ok());
    EXPECT_NE(m.status().message().find(what), std::string::npos) << m.status().message();
  }
}

// The name says gzip and MPS; the content is xz-compressed LP: the content wins for the
// compression, and for the format when the name says nothing.
TEST(Decompress, ModelsAreReadByContentWhateverTheName) {
  const std::string dir = ::testing::TempDir();
  Logger quiet(LogLevel::kQuiet);
  spit(dir + "/lies.mps.gz", slurp(compressed("tiny.mps.xz")));
  Result<Model> m = io::read_model(dir + "/lies.mps.gz", io::read_options(Options{}), quiet);
  ASSERT_TRUE(m.ok()) << m.status().to_string();
  EXPECT_EQ(m.value().num_cols(), 3);
  if (!have_tool("bzip2")) {
    ADD_FAILURE() << "bzip2 is missing (.ci/install-deps installs it)";
    return;
  }
  spit(dir + "/lp_model.txt", "\\ LP\nMinimize\n obj: x + 2 y\nSubject To\n c: x + y >= 1\nEnd\n");
  ASSERT_EQ(testing::run_command("bzip2 -c " + dir + "/lp_model.txt > " + dir + "/lp_model.gz").exit_code, 0);
  m = io::read_model(dir + "/lp_model.gz", io::read_options(Options{}), quiet);
  ASSERT_TRUE(m.ok()) << m.status().to_string();
  EXPECT_EQ(m.value().num_rows(), 1);
  EXPECT_TRUE(io::is_lp_path("m.lp.bz2") && io::is_lp_path("m.LP.xz") && !io::is_lp_path("m.mps.xz"));
}

TEST(Decompress, FifoInputIsDecompressed) {
  const std::string path = ::testing::TempDir() + "/fifo_model.xz";
  std::remove(path.c_str());
  ASSERT_EQ(mkfifo(path.c_str(), 0600), 0);
  const std::string bytes = slurp(compressed("tiny_two_streams.mps.xz"));
  std::thread writer([&] {
    const int fd = ::open(path.c_str(), O_WRONLY);
    if (fd < 0) return;
    for (const char ch : bytes) {
      if (::write(fd, &ch, 1) < 0) break;
    }
    ::close(fd);
  });
  Logger quiet(LogLevel::kQuiet);
  const Result<Model> m = io::read_model(path, io::read_options(Options{}), quiet, [] { return false; });
  writer.join();
  ASSERT_TRUE(m.ok()) << m.status().to_string();
  EXPECT_EQ(m.value().num_cols(), 3);
  std::remove(path.c_str());
}

TEST(Decompress, WholeBufferDecodingPollsTheStop) {
  const std::string bytes = slurp(compressed("tiny.mps.bz2"));
  const Result<std::string> stopped =
      io::decompress(bytes, io::Compression::kBzip2, "s.bz2", [] { return true; });
  ASSERT_FALSE(stopped.ok());
  EXPECT_EQ(stopped.status().code(), StatusCode::kInterrupted);
  const Result<std::string> whole = io::decompress(bytes, io::Compression::kBzip2, "s.bz2", {});
  ASSERT_TRUE(whole.ok()) << whole.status().to_string();
  EXPECT_EQ(whole.value(), tiny_text());
  const Result<std::string> cut = io::decompress(bytes.substr(0, 100), io::Compression::kBzip2, "s.bz2", {});
  ASSERT_FALSE(cut.ok());
  EXPECT_EQ(cut.status().to_string().rfind("s.bz2: error: compressed input is truncated", 0), 0u)
      << cut.status().to_string();
}

}  // namespace
}  // namespace lsmip
