// Counters, gauges and histograms for an operator's Prometheus (docs/operations.md,
// "Metrics"), rendered in Prometheus's text exposition format (version 0.0.4). The
// standard library only: the server's layers record into it, `souk serve
// --metrics-listen` serves Render() on an address of its own.
//
// A metric is a family (a name, its help, its label names) of series, one per set of
// label values. Recording is lock-free once a series exists (an atomic add); finding
// or making a series takes the family's lock, so hot paths keep the series they use.
// Names follow Prometheus's conventions: base units in the name (`_seconds`,
// `_bytes`), counters end in `_total`.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace souk::metrics {

using Labels = std::vector<std::string>;  // values, in the order of the family's label names

class Counter {
 public:
  void Add(double amount = 1);
  double Value() const { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<double> value_{0};
};

class Gauge {
 public:
  void Set(double value) { value_.store(value, std::memory_order_relaxed); }
  void Add(double amount);
  double Value() const { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<double> value_{0};
};

class Histogram {
 public:
  // `bounds`: the buckets' upper bounds, ascending (+Inf is implied).
  explicit Histogram(const std::vector<double>* bounds);
  void Observe(double value);
  // The cumulative count of each bound and of +Inf, the sum and the count, as one
  // consistent-enough reading (each field read atomically).
  struct Reading {
    std::vector<uint64_t> cumulative;  // one per bound, then +Inf
    double sum = 0;
    uint64_t count = 0;
  };
  Reading Read() const;

 private:
  const std::vector<double>* bounds_;
  std::unique_ptr<std::atomic<uint64_t>[]> buckets_;  // not cumulative; the last is +Inf
  std::atomic<double> sum_{0};
  std::atomic<uint64_t> count_{0};
};

// Buckets for durations in seconds: 1 ms to 10 s.
const std::vector<double>& LatencyBuckets();

template <typename Series>
class Family {
 public:
  // The series of these label values (as many as the family has label names), made
  // at first use; the reference stays valid as long as the registry.
  Series& With(const Labels& values);
  Series& With(std::initializer_list<std::string> values) { return With(Labels(values)); }

 private:
  friend class Registry;
  Family(std::string name, std::string help, std::vector<std::string> label_names, const std::vector<double>* bounds)
      : name_(std::move(name)), help_(std::move(help)), label_names_(std::move(label_names)), bounds_(bounds) {}
  std::string name_, help_;
  std::vector<std::string> label_names_;
  const std::vector<double>* bounds_;  // histograms only
  mutable std::mutex mutex_;
  std::map<Labels, std::unique_ptr<Series>> series_;
};

class Registry {
 public:
  Registry() = default;
  Registry(const Registry&) = delete;
  Registry& operator=(const Registry&) = delete;

  // The family of that name, made at first call; a second call with the same name
  // returns the same family (its help and labels must agree: asserted).
  Family<Counter>& CounterFamily(const std::string& name, const std::string& help,
                                 std::vector<std::string> labels = {});
  Family<Gauge>& GaugeFamily(const std::string& name, const std::string& help, std::vector<std::string> labels = {});
  Family<Histogram>& HistogramFamily(const std::string& name, const std::string& help, std::vector<std::string> labels,
                                     const std::vector<double>& bounds);
  // A gauge read when scraped: `read` adds (label values, value) pairs through `put`.
  // For what is cheaper to count when asked (games held, connections open). It is
  // read until the returned handle is destroyed: keep it beside what `read` reads.
  using Put = std::function<void(const Labels& values, double value)>;
  class Collector {
   public:
    Collector() = default;
    Collector(Registry* registry, std::string name, uint64_t id) : registry_(registry), name_(std::move(name)), id_(id) {}
    Collector(Collector&& other) noexcept { *this = std::move(other); }
    Collector& operator=(Collector&& other) noexcept;
    ~Collector();

   private:
    Registry* registry_ = nullptr;
    std::string name_;
    uint64_t id_ = 0;
  };
  [[nodiscard]] Collector Collect(const std::string& name, const std::string& help, std::vector<std::string> labels,
                                  std::function<void(const Put& put)> read);

  // Every family in Prometheus's text format, families sorted by name.
  std::string Render() const;

 private:
  struct Entry {
    enum class Kind { kCounter, kGauge, kHistogram, kCollected } kind;
    void* family = nullptr;  // Family<...> of that kind, owned below
    std::string help;
    std::vector<std::string> labels;
    std::function<void(const Put&)> read;
    uint64_t id = 0;  // of a collector
  };
  template <typename Series>
  Family<Series>& Make(Entry::Kind kind, const std::string& name, const std::string& help,
                       std::vector<std::string> labels, const std::vector<double>* bounds);

  void Forget(const std::string& name, uint64_t id);

  mutable std::mutex mutex_;
  uint64_t next_id_ = 1;
  std::map<std::string, Entry> entries_;
  std::vector<std::shared_ptr<void>> owned_;
  std::vector<std::unique_ptr<std::vector<double>>> bounds_;
};

// The process's registry: what `souk serve` exposes. Tests read deltas of it.
Registry& Default();

// A label value or help text escaped as the text format wants (\\, \", \n).
std::string EscapeLabelValue(const std::string& value);

}  // namespace souk::metrics
