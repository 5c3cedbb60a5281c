// LineReader: CRLF, missing final newline, gzip, truncated gzip, NUL bytes, line length limit.
#include "io/line_reader.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <fstream>

namespace lsmip {
namespace {

std::vector<std::string> all_lines(io::LineReader& in) {
  std::vector<std::string> out;
  std::string_view line;
  while (in.next(line)) out.emplace_back(line);
  return out;
}

std::string write_gz(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + "/" + name;
  gzFile f = gzopen(path.c_str(), "wb");
  gzwrite(f, text.data(), static_cast<unsigned>(text.size()));
  gzclose(f);
  return path;
}

TEST(LineReader, PlainTextWithCrlfAndNoFinalNewline) {
  const std::string path = ::testing::TempDir() + "/plain.txt";
  std::ofstream(path) << "a b\r\n\r\nlast";
  io::LineReader in;
  ASSERT_TRUE(in.open(path).ok());
  EXPECT_EQ(all_lines(in), (std::vector<std::string>{"a b", "", "last"}));
  EXPECT_TRUE(in.status().ok());
  EXPECT_EQ(in.line_number(), 3);
}

TEST(LineReader, GzipIsDetectedByContent) {
  std::string big;
  for (int k = 0; k < 100000; ++k) big += "line " + std::to_string(k) + "\n";
  const std::string path = write_gz("lines.dat", big);  // no .gz suffix on purpose
  io::LineReader in;
  ASSERT_TRUE(in.open(path).ok());
  const auto lines = all_lines(in);
  ASSERT_EQ(lines.size(), 100000u);
  EXPECT_EQ(lines[99999], "line 99999");
  EXPECT_TRUE(in.status().ok());
}

TEST(LineReader, TruncatedGzipIsAnError) {
  std::string big;
  for (int k = 0; k < 50000; ++k) big += "row " + std::to_string(k * 7919 % 100003) + "\n";
  const std::string path = write_gz("trunc.gz", big);
  std::ifstream in(path, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::ofstream(path, std::ios::binary) << bytes.substr(0, bytes.size() / 2);
  io::LineReader r;
  ASSERT_TRUE(r.open(path).ok());
  all_lines(r);
  EXPECT_FALSE(r.status().ok());
  EXPECT_NE(r.status().message().find("truncated"), std::string::npos) << r.status().message();
}

TEST(LineReader, NulByteIsAnErrorWithItsLine) {
  const std::string path = ::testing::TempDir() + "/nul.bin";
  std::ofstream(path, std::ios::binary) << std::string("ok\nbad\0x\n", 9);
  io::LineReader in;
  ASSERT_TRUE(in.open(path).ok());
  all_lines(in);
  ASSERT_FALSE(in.status().ok());
  EXPECT_EQ(in.status().where().line, 2);
}

// A line longer than the limit whose newline arrives in the same refill (here
// after about 1.2 MB) used to be returned from a file, though not from memory.
TEST(LineReader, OverlongLineIsAnErrorFromFileAndMemory) {
  std::string text(io::LineReader::kMaxLineLength + 200000, 'x');
  text += "\nnext\n";
  const std::string path = ::testing::TempDir() + "/long_line.txt";
  std::ofstream(path, std::ios::binary) << text;
  io::LineReader file;
  ASSERT_TRUE(file.open(path).ok());
  EXPECT_TRUE(all_lines(file).empty());
  ASSERT_FALSE(file.status().ok());
  EXPECT_EQ(file.status().where().line, 1);
  EXPECT_NE(file.status().message().find("line longer than"), std::string::npos);
  io::LineReader memory;
  memory.open_buffer(text, "long_line.txt");
  EXPECT_TRUE(all_lines(memory).empty());
  ASSERT_FALSE(memory.status().ok());
  EXPECT_EQ(memory.status().where().line, 1);
}

// A line of exactly the limit is still read, from a file as from memory.
TEST(LineReader, LineAtTheLimitIsRead) {
  std::string text(io::LineReader::kMaxLineLength - 1, 'y');  // + "\r" = the limit
  text += "\r\nnext";
  const std::string path = ::testing::TempDir() + "/limit_line.txt";
  std::ofstream(path, std::ios::binary) << text;
  io::LineReader file;
  ASSERT_TRUE(file.open(path).ok());
  const auto lines = all_lines(file);
  EXPECT_TRUE(file.status().ok()) << file.status().to_string();
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].size(), io::LineReader::kMaxLineLength - 1);
  io::LineReader memory;
  memory.open_buffer(text, "limit_line.txt");
  EXPECT_EQ(all_lines(memory).size(), 2u);
  EXPECT_TRUE(memory.status().ok());
}

TEST(LineReader, MissingFileNamesTheFile) {
  io::LineReader in;
  const Status st = in.open("/no/such/file.mps");
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.code(), StatusCode::kIoError);
  EXPECT_NE(st.to_string().find("/no/such/file.mps"), std::string::npos);
}

}  // namespace
}  // namespace lsmip
