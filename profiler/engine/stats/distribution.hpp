#pragma once

#include <cstdint>
#include <map>
#include <vector>

namespace tileprof {

// A figure over many calls: the least, the mean, the 95th percentile and the most.
struct Distribution {
    double min = 0;
    double mean = 0;
    double p95 = 0; // nearest rank
    double max = 0;
};

// The distribution of values, at least one.
Distribution distributionOf(std::vector<double> values);

// How many times each value came: a distribution over any number of values, kept in the memory of
// the distinct ones.
class ValueCounts {
public:
    void add(std::uint64_t value)
    {
        ++counts_[value];
        ++count_;
    }
    std::uint64_t count() const { return count_; }
    // The distribution of the values each divided by `divisor`, to the bit as distributionOf gives
    // it for them; at least one value.
    Distribution distribution(double divisor = 1) const;

private:
    std::map<std::uint64_t, std::uint64_t> counts_;
    std::uint64_t count_ = 0;
};

} // namespace tileprof
