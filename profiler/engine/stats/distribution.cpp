#include "profiler/engine/stats/distribution.hpp"

#include <algorithm>
#include <cmath>

namespace tileprof {

namespace {

// The rank, from 1, of the 95th percentile's value among `count` sorted values.
std::uint64_t p95Rank(std::uint64_t count)
{
    return std::max<std::uint64_t>(static_cast<std::uint64_t>(std::ceil(0.95 * static_cast<double>(count))), 1);
}

} // namespace

Distribution distributionOf(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    double sum = 0;
    for (double v : values) {
        sum += v;
    }
    return {values.front(), sum / static_cast<double>(values.size()), values[p95Rank(values.size()) - 1], values.back()};
}

Distribution ValueCounts::distribution(double divisor) const
{
    // Summed value by value in ascending order, as distributionOf sums the sorted values.
    const std::uint64_t rank = p95Rank(count_);
    double sum = 0;
    double p95 = 0;
    std::uint64_t seen = 0;
    for (const auto& [value, times] : counts_) {
        const double scaled = static_cast<double>(value) / divisor;
        for (std::uint64_t i = 0; i < times; ++i) {
            sum += scaled;
        }
        if (seen < rank && seen + times >= rank) {
            p95 = scaled;
        }
        seen += times;
    }
    return {static_cast<double>(counts_.begin()->first) / divisor, sum / static_cast<double>(count_), p95,
            static_cast<double>(counts_.rbegin()->first) / divisor};
}

} // namespace tileprof
