#pragma once

// A formats header that includes the engine: what the layering check must refuse.
#include "profiler/engine/runner/scenario_runner.hpp"
#include "profiler/formats/design/design.hpp"
