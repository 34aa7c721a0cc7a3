#pragma once

#include <string>

namespace tileprof {

// An expectation or invariant a call broke: where the scenario says so, which call, and what.
struct Failure {
    std::string file; // the scenario
    int line = 0;     // of the expectation, or of the entity for an invariant
    int frame = 0;
    std::string entity;
    std::string message;

    // "FILE:LINE: frame F, entity "E": message"
    std::string text() const
    {
        return file + ":" + std::to_string(line) + ": frame " + std::to_string(frame) + ", entity \"" + entity +
               "\": " + message;
    }
};

} // namespace tileprof
