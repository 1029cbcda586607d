#include "server/static_files.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace souk::server {
namespace {

namespace fs = std::filesystem;

class StaticFilesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    base_ = fs::path(::testing::TempDir()) / ("static_test_" + std::to_string(getpid()));
    fs::create_directories(base_ / "web" / "img");
    std::ofstream(base_ / "web" / "index.html") << "<!doctype html><title>Souk</title>";
    std::ofstream(base_ / "web" / "app.js") << "console.log(1)";
    std::ofstream(base_ / "web" / "img" / "camel.svg") << "<svg/>";
    std::ofstream(base_ / "secret.txt") << "not for clients";
    fs::create_symlink(base_ / "secret.txt", base_ / "web" / "link.txt");
  }
  void TearDown() override { fs::remove_all(base_); }
  std::string root() const { return (base_ / "web").string(); }
  fs::path base_;
};

TEST_F(StaticFilesTest, FilesComeWithTheirContentType) {
  StaticFile index = LoadStatic(root(), "/");
  EXPECT_EQ(index.status, 200);
  EXPECT_EQ(index.content_type, "text/html; charset=utf-8");
  EXPECT_EQ(index.body, "<!doctype html><title>Souk</title>");
  EXPECT_EQ(LoadStatic(root(), "/app.js?v=3").content_type, "text/javascript; charset=utf-8");
  EXPECT_EQ(LoadStatic(root(), "/img/camel.svg").content_type, "image/svg+xml");
  EXPECT_EQ(LoadStatic(root(), "/img/").status, 404) << "a folder without index.html";
  EXPECT_EQ(LoadStatic(root(), "/missing.css").status, 404);
}

TEST_F(StaticFilesTest, NoPathLeavesTheFolder) {
  for (const char* target : {"/../secret.txt", "/img/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt",
                             "/img/..%5c..%5csecret.txt", "/%00", "/%zz", "relative", ""})
    EXPECT_NE(LoadStatic(root(), target).status, 200) << target;
  EXPECT_EQ(LoadStatic(root(), "/link.txt").status, 404) << "a symbolic link out of the folder";
  EXPECT_EQ(LoadStatic(root(), "/%2e%2e/secret.txt").status, 400);
}

}  // namespace
}  // namespace souk::server
