// Messages: echoed tokens are escaped and cut (quote_token), line ends other
// than LF and CRLF are named, a gzip stream cut before or inside its trailer is
// an error even when the text before it is complete, and JSON strings are valid
// UTF-8 whatever the bytes they quote.
#include <gtest/gtest.h>
#include <zlib.h>

#include <fstream>
#include <random>
#include <string>

#include "io/line_reader.h"
#include "io/mps_reader.h"
#include "util/json.h"
#include "util/logger.h"
#include "util/status.h"

namespace lsmip {
namespace {

TEST(Messages, TokensAreEscapedAndCut) {
  EXPECT_EQ(quote_token("abc"), "'abc'");
  EXPECT_EQ(quote_token(std::string("a\x01" "b\x7f", 4)), "'a\\x01b\\x7F'");
  EXPECT_EQ(quote_token(std::string(64, 'r')), "'" + std::string(64, 'r') + "'");
  EXPECT_EQ(quote_token(std::string(65, 'r')), "'" + std::string(64, 'r') + "...'");
  EXPECT_EQ(quote_token(std::string(1000, '\x02')).size(), 2 + 64 * 4 + 3u);
}

TEST(Messages, MpsInfiniteRhsNamesItsLine) {
  Logger log(LogLevel::kQuiet);
  const Result<Model> m = io::read_mps_text(
      "NAME T\nROWS\n N obj\n E c\nCOLUMNS\n x obj 1 c 1\nRHS\n rhs c 1e30\nENDATA\n", "t.mps",
      io::MpsReadOptions{}, log);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().where().line, 8) << m.status().to_string();
}

Status read_all(const std::string& text) {
  io::LineReader in;
  in.open_buffer(text, "t");
  std::string_view line;
  while (in.next(line)) {
  }
  return in.status();
}

TEST(Messages, OddLineEndsAreNamed) {
  EXPECT_TRUE(read_all("a\r\nb\n").ok());
  const Status crcr = read_all("a\r\nb\r\r\nc\n");
  ASSERT_FALSE(crcr.ok());
  EXPECT_EQ(crcr.where().line, 2);
  EXPECT_NE(crcr.message().find("\\r\\r\\n"), std::string::npos) << crcr.message();
  const Status cr = read_all("a\rb\rc\r");
  ASSERT_FALSE(cr.ok());
  EXPECT_NE(cr.message().find("CR-only"), std::string::npos) << cr.message();
}

TEST(Messages, GzipTrailerCutIsAnError) {
  const std::string text = "NAME T\nROWS\n N obj\n L c\nCOLUMNS\n x obj 1 c 1\nENDATA\n";
  const std::string full = ::testing::TempDir() + "/full.mps.gz";
  gzFile f = gzopen(full.c_str(), "wb");
  gzwrite(f, text.data(), static_cast<unsigned>(text.size()));
  gzclose(f);
  std::ifstream in(full, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  Logger log(LogLevel::kQuiet);
  ASSERT_TRUE(io::read_mps(full, io::MpsReadOptions{}, log).ok());
  for (std::size_t cut = 1; cut <= 8; ++cut) {
    const std::string path = ::testing::TempDir() + "/cut.mps.gz";
    std::ofstream(path, std::ios::binary) << bytes.substr(0, bytes.size() - cut);
    const Result<Model> m = io::read_mps(path, io::MpsReadOptions{}, log);
    ASSERT_FALSE(m.ok()) << "cut " << cut;
    EXPECT_NE(m.status().message().find("truncated or corrupt"), std::string::npos)
        << m.status().to_string();
  }
}

// A strict UTF-8 validator, independent of json.cc.
bool valid_utf8(const std::string& s) {
  for (std::size_t k = 0; k < s.size();) {
    const auto c = static_cast<unsigned char>(s[k]);
    std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0 || k + n > s.size()) return false;
    std::uint32_t cp = n == 1 ? c : n == 2 ? (c & 0x1F) : n == 3 ? (c & 0x0F) : (c & 0x07);
    for (std::size_t i = 1; i < n; ++i) {
      const auto d = static_cast<unsigned char>(s[k + i]);
      if ((d >> 6) != 2) return false;
      cp = (cp << 6) | (d & 0x3F);
    }
    const std::uint32_t min[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < min[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    k += n;
  }
  return true;
}

TEST(Messages, JsonQuoteIsValidUtf8WhateverTheBytes) {
  EXPECT_EQ(json::quote("\xc3\xa9"), "\"\xc3\xa9\"");                  // kept
  EXPECT_EQ(json::quote("\xff"), "\"\\u00ff\"");                        // invalid byte
  EXPECT_EQ(json::quote("\xc3"), "\"\\u00c3\"");                        // cut sequence
  EXPECT_EQ(json::quote("\xed\xa0\x80"), "\"\\u00ed\\u00a0\\u0080\"");  // surrogate
  EXPECT_EQ(json::quote("\xc0\xaf"), "\"\\u00c0\\u00af\"");             // overlong
  EXPECT_EQ(json::quote("\xf4\x90\x80\x80").find('\xf4'), std::string::npos);  // > U+10FFFF
  EXPECT_EQ(json::quote("\xf0\x9f\x98\x80"), "\"\xf0\x9f\x98\x80\"");  // U+1F600 kept
  std::mt19937 rng(7);
  for (int round = 0; round < 20000; ++round) {
    std::string s(rng() % 12, '\0');
    for (char& c : s) c = static_cast<char>(rng() % 256);
    const std::string q = json::quote(s);
    ASSERT_TRUE(valid_utf8(q)) << round;
    for (const char c : q) ASSERT_GE(static_cast<unsigned char>(c), 0x20u) << round;
  }
}

}  // namespace
}  // namespace lsmip
