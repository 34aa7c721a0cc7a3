#pragma once

#include <algorithm>
#include <cstddef>
#include <exception>
#include <thread>
#include <vector>

namespace tileprof {

// Runs work(0) to work(count - 1) on up to `jobs` threads, the calling one among them, item i on
// the (i % jobs)-th: which thread ran an item changes nothing an item's work does alone. What an
// item throws reaches the caller once every thread has finished.
template <class Work>
void inParallel(std::size_t count, unsigned jobs, Work work)
{
    jobs = std::max(1u, std::min<unsigned>(jobs, static_cast<unsigned>(std::max<std::size_t>(count, 1))));
    std::vector<std::exception_ptr> failures(jobs);
    const auto share = [&](unsigned job) {
        try {
            for (std::size_t i = job; i < count; i += jobs) {
                work(i);
            }
        } catch (...) {
            failures[job] = std::current_exception();
        }
    };
    std::vector<std::thread> workers;
    for (unsigned job = 1; job < jobs; ++job) {
        workers.emplace_back(share, job);
    }
    share(0);
    for (std::thread& worker : workers) {
        worker.join();
    }
    for (const std::exception_ptr& failure : failures) {
        if (failure) {
            std::rethrow_exception(failure);
        }
    }
}

} // namespace tileprof
