#include "testing/postgres_test_env.h"

#include <fcntl.h>
#include <grp.h>
#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <pwd.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

namespace souk::server::testing {
namespace {

// Where Debian's postgresql package puts initdb and postgres (CMake finds it).
constexpr const char* kBinDir = SOUK_PG_BINDIR;
constexpr const char* kUser = "souk";  // the superuser initdb creates
constexpr const char* kPort = "5432";  // only names the socket file inside our directory
constexpr const char* kDirPrefix = "souk-pg-";

struct Account {
  bool switch_user = false;
  uid_t uid = 0;
  gid_t gid = 0;
  std::string name;
};

// PostgreSQL will not run as root: root's tests run it as `postgres`, else `nobody`.
Account ServerAccount() {
  Account account;
  if (geteuid() != 0) return account;
  for (const char* name : {"postgres", "nobody"}) {
    if (const passwd* entry = getpwnam(name)) {
      account = {true, entry->pw_uid, entry->pw_gid, name};
      return account;
    }
  }
  return account;
}

// Starts `argv` as `account`, output appended to `log`; the child gets SIGQUIT
// (PostgreSQL's immediate shutdown) if this thread dies first.
pid_t Spawn(const std::vector<std::string>& argv, const std::string& log, const Account& account) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid != 0) return pid;
  // The child: only async-signal-safe calls from here.
  const int out = open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  const int in = open("/dev/null", O_RDONLY);
  if (out < 0 || in < 0) _exit(126);
  dup2(in, STDIN_FILENO);
  dup2(out, STDOUT_FILENO);
  dup2(out, STDERR_FILENO);
  if (account.switch_user && (setgroups(0, nullptr) != 0 || setgid(account.gid) != 0 || setuid(account.uid) != 0))
    _exit(125);
  // After the change of user, which would clear it.
  prctl(PR_SET_PDEATHSIG, SIGQUIT);
  if (getppid() != parent) _exit(124);
  execv(args[0], args.data());
  _exit(127);
}

std::string Tail(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  std::string all = text.str();
  return all.size() > 2000 ? all.substr(all.size() - 2000) : all;
}

// libpq's URI wants the socket directory's slashes percent-encoded in the host.
std::string EncodedHost(const std::string& dir) {
  std::string out;
  for (char c : dir) out += c == '/' ? std::string("%2F") : std::string(1, c);
  return out;
}

// Memory when the machine has it (/dev/shm): the servers' files are written and
// copied there ten times faster than on a busy disk, and nothing here must survive.
std::string ScratchDir() {
  std::error_code ignored;
  if (std::filesystem::is_directory("/dev/shm", ignored) && access("/dev/shm", W_OK) == 0) return "/dev/shm/";
  return ::testing::TempDir();
}

// Directories left by test processes that died before removing them.
void RemoveStaleDirectories() {
  std::error_code ignored;
  for (const auto& entry : std::filesystem::directory_iterator(ScratchDir(), ignored)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(kDirPrefix, 0) != 0) continue;
    const pid_t owner = static_cast<pid_t>(std::atol(name.c_str() + std::char_traits<char>::length(kDirPrefix)));
    if (owner > 0 && kill(owner, 0) != 0 && errno == ESRCH) std::filesystem::remove_all(entry.path(), ignored);
  }
}

// initdb takes two seconds and ctest runs each test in a process of its own: it runs
// once per machine and user into a template directory (beside the tests' own, never
// started; 1 MB WAL segments to keep it small), which each server copies in a tenth of that. A template is only ever
// complete: initdb writes it under another name and renames it.
Result<std::string> Template(const Account& account) {
  const std::string version = std::filesystem::path(kBinDir).parent_path().filename().string();
  const std::string cluster = ScratchDir() + "souk-pgtemplate-" + version + "-" + std::to_string(geteuid());
  if (access((cluster + "/PG_VERSION").c_str(), F_OK) == 0) return cluster;
  const std::string initdb = std::string(kBinDir) + "/initdb";
  if (access(initdb.c_str(), X_OK) != 0)
    return Status::Unavailable("test PostgreSQL: no " + initdb + ": install Debian's postgresql (scripts/install-deps.sh)");
  std::string parent = cluster + "-XXXXXX";
  if (!mkdtemp(parent.data())) return Status::Unavailable("test PostgreSQL: mkdtemp " + parent + " failed");
  std::error_code ignored;
  if (account.switch_user && chown(parent.c_str(), account.uid, account.gid) != 0) {
    std::filesystem::remove_all(parent, ignored);
    return Status::Unavailable("test PostgreSQL: cannot give " + parent + " to " + account.name);
  }
  const pid_t pid = Spawn({initdb, "-D", parent + "/data", "-U", kUser, "-A", "trust", "-E", "UTF8", "--locale=C",
                           "--no-sync", "--no-instructions", "--wal-segsize=1"},
                          parent + "/initdb.log", account);
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    Status failed = Status::Unavailable("test PostgreSQL: initdb failed: " + Tail(parent + "/initdb.log"));
    std::filesystem::remove_all(parent, ignored);
    return failed;
  }
  // Another test process may have made one meanwhile: then ours goes, theirs stays.
  if (rename((parent + "/data").c_str(), cluster.c_str()) != 0 && access((cluster + "/PG_VERSION").c_str(), F_OK) != 0) {
    std::filesystem::remove_all(parent, ignored);
    return Status::Unavailable("test PostgreSQL: cannot make the template " + cluster);
  }
  std::filesystem::remove_all(parent, ignored);
  return cluster;
}

class RemoveAtTheEnd : public ::testing::Environment {
 public:
  void TearDown() override { TestPostgres::Shared().Remove(); }
};
[[maybe_unused]] ::testing::Environment* const kRemoveAtTheEnd =
    ::testing::AddGlobalTestEnvironment(new RemoveAtTheEnd);

}  // namespace

TestPostgres& TestPostgres::Shared() {
  static TestPostgres* server = new TestPostgres();  // never destroyed: Remove() runs from the Environment
  return *server;
}

Status TestPostgres::Create() {
  RemoveStaleDirectories();
  std::string pattern = ScratchDir() + kDirPrefix + std::to_string(getpid()) + "-XXXXXX";
  if (!mkdtemp(pattern.data())) return Status::Unavailable("test PostgreSQL: mkdtemp " + pattern + " failed");
  dir_ = pattern;
  const auto started = std::chrono::steady_clock::now();
  const Account account = ServerAccount();
  if (account.switch_user && chown(dir_.c_str(), account.uid, account.gid) != 0)
    return Status::Unavailable("test PostgreSQL: cannot give " + dir_ + " to " + account.name);
  auto cluster = Template(account);
  if (!cluster.ok()) return cluster.status();
  // A copy of the template, made by the server's account so that it owns the files.
  const pid_t pid = Spawn({"/bin/cp", "-a", *cluster, dir_ + "/data"}, dir_ + "/copy.log", account);
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return Status::Unavailable("test PostgreSQL: copying " + *cluster + " failed: " + Tail(dir_ + "/copy.log"));
  if (Status s = Start(); !s.ok()) return s;
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
  std::fprintf(stderr, "[test PostgreSQL in %s as %s: ready in %lld ms]\n", dir_.c_str(),
               account.switch_user ? account.name.c_str() : "this user", static_cast<long long>(ms.count()));
  return Status::Ok();
}

Status TestPostgres::Start() {
  if (pid_ > 0) return Status::Ok();
  const std::string log = dir_ + "/postgres.log";
  // Durability is not under test here: without fsync the server starts and writes faster.
  pid_ = Spawn({std::string(kBinDir) + "/postgres", "-D", dir_ + "/data", "-k", dir_, "-p", kPort, "-c",
                "listen_addresses=", "-F", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"},
               log, ServerAccount());
  if (pid_ < 0) return Status::Unavailable("test PostgreSQL: fork failed");
  const std::string admin = "postgresql://" + std::string(kUser) + "@" + EncodedHost(dir_) + ":" + kPort + "/postgres";
  for (int attempt = 0; attempt < 600; ++attempt) {
    if (PQping(admin.c_str()) == PQPING_OK) return Status::Ok();
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      return Status::Unavailable("test PostgreSQL: postgres exited: " + Tail(log));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return Status::Unavailable("test PostgreSQL: not ready after 12 s: " + Tail(log));
}

Status TestPostgres::Stop() {
  if (pid_ <= 0) return Status::Ok();
  kill(pid_, SIGINT);  // fast shutdown: clients are disconnected, data is kept
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
  return Status::Ok();
}

void TestPostgres::Remove() {
  Stop();
  if (!dir_.empty()) {
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
    dir_.clear();
  }
}

Result<std::string> TestPostgres::NewDatabase() {
  if (!created_) {
    created_ = true;
    create_status_ = Create();
  }
  if (!create_status_.ok()) return create_status_;
  if (Status s = Start(); !s.ok()) return s;
  const std::string base = "postgresql://" + std::string(kUser) + "@" + EncodedHost(dir_) + ":" + kPort + "/";
  const std::string name = "souk_test_" + std::to_string(++database_count_);
  // FILE_COPY: without fsync, a third faster than PostgreSQL 15's default (WAL_LOG).
  auto made = Execute(base + "postgres", "CREATE DATABASE " + name + " STRATEGY FILE_COPY");
  if (!made.ok()) return made.status();
  return base + name;
}

Result<std::string> TestPostgres::Execute(const std::string& uri, const std::string& sql) {
  PGconn* conn = PQconnectdb(uri.c_str());
  if (PQstatus(conn) != CONNECTION_OK) {
    std::string message = PQerrorMessage(conn);
    PQfinish(conn);
    return Status::Unavailable("test PostgreSQL: connect: " + message);
  }
  PGresult* result = PQexec(conn, sql.c_str());
  const ExecStatusType status = PQresultStatus(result);
  Result<std::string> out = std::string();
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
    out = Status::Unavailable("test PostgreSQL: " + sql + ": " + PQresultErrorMessage(result));
  else if (status == PGRES_TUPLES_OK && PQntuples(result) > 0 && PQnfields(result) > 0)
    out = std::string(PQgetvalue(result, 0, 0));
  PQclear(result);
  PQfinish(conn);
  return out;
}

}  // namespace souk::server::testing
