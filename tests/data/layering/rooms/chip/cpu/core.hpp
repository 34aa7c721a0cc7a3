#pragma once

#include "chip/timing/clock.hpp"

int coreStep();
