#include "metrics/metrics.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <utility>

namespace souk::metrics {
namespace {

void AddTo(std::atomic<double>& target, double amount) {
  double now = target.load(std::memory_order_relaxed);
  while (!target.compare_exchange_weak(now, now + amount, std::memory_order_relaxed)) {
  }
}

// A number as the text format writes it: integers without a point, +Inf/-Inf/NaN by name.
std::string Number(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "+Inf" : "-Inf";
  if (v == std::floor(v) && std::fabs(v) < 1e15) {
    char text[32];
    std::snprintf(text, sizeof text, "%.0f", v);
    return text;
  }
  // The shortest of 15 to 17 digits that reads back as the same double (0.1, not
  // 0.10000000000000001).
  char text[32];
  for (int digits = 15; digits <= 17; ++digits) {
    std::snprintf(text, sizeof text, "%.*g", digits, v);
    if (std::strtod(text, nullptr) == v) break;
  }
  return text;
}

std::string EscapeHelp(const std::string& help) {
  std::string out;
  for (char c : help) {
    if (c == '\\') out += "\\\\";
    else if (c == '\n') out += "\\n";
    else out += c;
  }
  return out;
}

// {a="x",b="y"}, with `extra` (le="0.5") last; "" for no labels at all.
std::string LabelText(const std::vector<std::string>& names, const Labels& values, const std::string& extra = "") {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    out += out.empty() ? "{" : ",";
    out += names[i] + "=\"" + EscapeLabelValue(i < values.size() ? values[i] : "") + "\"";
  }
  if (!extra.empty()) out += (out.empty() ? "{" : ",") + extra;
  return out.empty() ? out : out + "}";
}

}  // namespace

std::string EscapeLabelValue(const std::string& value) {
  std::string out;
  for (char c : value) {
    if (c == '\\') out += "\\\\";
    else if (c == '"') out += "\\\"";
    else if (c == '\n') out += "\\n";
    else out += c;
  }
  return out;
}

void Counter::Add(double amount) {
  assert(amount >= 0 && "a counter only goes up");
  AddTo(value_, amount);
}

void Gauge::Add(double amount) { AddTo(value_, amount); }

Histogram::Histogram(const std::vector<double>* bounds)
    : bounds_(bounds), buckets_(new std::atomic<uint64_t>[bounds->size() + 1]) {
  for (size_t i = 0; i <= bounds_->size(); ++i) buckets_[i] = 0;
}

void Histogram::Observe(double value) {
  const size_t bucket =
      static_cast<size_t>(std::lower_bound(bounds_->begin(), bounds_->end(), value) - bounds_->begin());
  buckets_[bucket].fetch_add(1, std::memory_order_relaxed);
  AddTo(sum_, value);
  count_.fetch_add(1, std::memory_order_relaxed);
}

Histogram::Reading Histogram::Read() const {
  Reading r;
  uint64_t running = 0;
  for (size_t i = 0; i <= bounds_->size(); ++i) {
    running += buckets_[i].load(std::memory_order_relaxed);
    r.cumulative.push_back(running);
  }
  r.sum = sum_.load(std::memory_order_relaxed);
  r.count = running;  // the +Inf bucket, so that count and buckets agree in one reading
  return r;
}

const std::vector<double>& LatencyBuckets() {
  static const std::vector<double> bounds{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10};
  return bounds;
}

template <typename Series>
Series& Family<Series>::With(const Labels& values) {
  assert(values.size() == label_names_.size() && "one value per label name");
  std::lock_guard lock(mutex_);
  auto it = series_.find(values);
  if (it == series_.end()) {
    if constexpr (std::is_same_v<Series, Histogram>) {
      it = series_.emplace(values, std::make_unique<Histogram>(bounds_)).first;
    } else {
      it = series_.emplace(values, std::make_unique<Series>()).first;
    }
  }
  return *it->second;
}

template class Family<Counter>;
template class Family<Gauge>;
template class Family<Histogram>;

template <typename Series>
Family<Series>& Registry::Make(Entry::Kind kind, const std::string& name, const std::string& help,
                               std::vector<std::string> labels, const std::vector<double>* bounds) {
  std::lock_guard lock(mutex_);
  auto it = entries_.find(name);
  if (it != entries_.end()) {
    assert(it->second.kind == kind && it->second.labels == labels && "one name, one metric");
    return *static_cast<Family<Series>*>(it->second.family);
  }
  auto family = std::shared_ptr<Family<Series>>(new Family<Series>(name, help, labels, bounds));
  owned_.push_back(family);
  entries_.emplace(name, Entry{kind, family.get(), help, std::move(labels), {}});
  return *family;
}

Family<Counter>& Registry::CounterFamily(const std::string& name, const std::string& help,
                                         std::vector<std::string> labels) {
  return Make<Counter>(Entry::Kind::kCounter, name, help, std::move(labels), nullptr);
}

Family<Gauge>& Registry::GaugeFamily(const std::string& name, const std::string& help, std::vector<std::string> labels) {
  return Make<Gauge>(Entry::Kind::kGauge, name, help, std::move(labels), nullptr);
}

Family<Histogram>& Registry::HistogramFamily(const std::string& name, const std::string& help,
                                             std::vector<std::string> labels, const std::vector<double>& bounds) {
  const std::vector<double>* kept;
  {
    std::lock_guard lock(mutex_);
    bounds_.push_back(std::make_unique<std::vector<double>>(bounds));
    kept = bounds_.back().get();
  }
  return Make<Histogram>(Entry::Kind::kHistogram, name, help, std::move(labels), kept);
}

Registry::Collector Registry::Collect(const std::string& name, const std::string& help, std::vector<std::string> labels,
                                      std::function<void(const Put& put)> read) {
  std::lock_guard lock(mutex_);
  // A later collector of the same name replaces the earlier (several services in one
  // process, as tests make): the last made is read.
  const uint64_t id = next_id_++;
  entries_[name] = Entry{Entry::Kind::kCollected, nullptr, help, std::move(labels), std::move(read), id};
  return Collector(this, name, id);
}

void Registry::Forget(const std::string& name, uint64_t id) {
  std::lock_guard lock(mutex_);
  auto it = entries_.find(name);
  if (it != entries_.end() && it->second.kind == Entry::Kind::kCollected && it->second.id == id) entries_.erase(it);
}

Registry::Collector& Registry::Collector::operator=(Collector&& other) noexcept {
  if (this != &other) {
    if (registry_) registry_->Forget(name_, id_);
    registry_ = std::exchange(other.registry_, nullptr);
    name_ = std::move(other.name_);
    id_ = other.id_;
  }
  return *this;
}

Registry::Collector::~Collector() {
  if (registry_) registry_->Forget(name_, id_);
}

std::string Registry::Render() const {
  std::lock_guard lock(mutex_);
  std::ostringstream out;
  for (const auto& [name, e] : entries_) {
    const char* type = e.kind == Entry::Kind::kCounter     ? "counter"
                       : e.kind == Entry::Kind::kHistogram ? "histogram"
                                                           : "gauge";
    out << "# HELP " << name << ' ' << EscapeHelp(e.help) << '\n' << "# TYPE " << name << ' ' << type << '\n';
    switch (e.kind) {
      case Entry::Kind::kCounter: {
        auto& f = *static_cast<Family<Counter>*>(e.family);
        std::lock_guard series_lock(f.mutex_);
        for (const auto& [values, c] : f.series_) out << name << LabelText(e.labels, values) << ' ' << Number(c->Value()) << '\n';
        break;
      }
      case Entry::Kind::kGauge: {
        auto& f = *static_cast<Family<Gauge>*>(e.family);
        std::lock_guard series_lock(f.mutex_);
        for (const auto& [values, g] : f.series_) out << name << LabelText(e.labels, values) << ' ' << Number(g->Value()) << '\n';
        break;
      }
      case Entry::Kind::kHistogram: {
        auto& f = *static_cast<Family<Histogram>*>(e.family);
        std::lock_guard series_lock(f.mutex_);
        for (const auto& [values, h] : f.series_) {
          const Histogram::Reading r = h->Read();
          for (size_t i = 0; i < r.cumulative.size(); ++i) {
            const std::string le = i < f.bounds_->size() ? Number((*f.bounds_)[i]) : "+Inf";
            out << name << "_bucket" << LabelText(e.labels, values, "le=\"" + le + "\"") << ' ' << r.cumulative[i] << '\n';
          }
          out << name << "_sum" << LabelText(e.labels, values) << ' ' << Number(r.sum) << '\n';
          out << name << "_count" << LabelText(e.labels, values) << ' ' << r.count << '\n';
        }
        break;
      }
      case Entry::Kind::kCollected: {
        std::map<Labels, double> read;
        e.read([&](const Labels& values, double value) { read[values] += value; });
        for (const auto& [values, v] : read) out << name << LabelText(e.labels, values) << ' ' << Number(v) << '\n';
        break;
      }
    }
  }
  return out.str();
}

Registry& Default() {
  static Registry* registry = new Registry();  // never destroyed: recorded into until the very end
  return *registry;
}

}  // namespace souk::metrics
