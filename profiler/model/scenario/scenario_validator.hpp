#pragma once

#include "profiler/formats/map/map_pixels.hpp"
#include "profiler/formats/map/map_validator.hpp"

#include <string>
#include <vector>

namespace tileprof {

struct Scenario;

// Everything that makes a scenario's map unfit for the design, as `run` refuses it without
// --allow-invalid-map: the slope placement rules (validateMap), then the clearance rule for the
// scenario's entities.
//
// Clearance: an entity standing on a floor rests one pixel above it, so every hitbox an entity can
// have (its own and its script steps') needs its height + 1 free pixel rows between each floor
// surface it can stand on (at every pixel column: slopes, flat tops, UP_PLATFORMs) and the ceiling
// above it; with less, its top row is inside the ceiling, and the X axis takes that row for a wall.
// An entity standing on a ceiling (upward gravity) touches it, so under a ceiling surface it needs
// its height down to the floor. Floors count for entities that can have downward or no gravity,
// ceilings for upward or no gravity; a one-way platform is never the obstacle on the far side,
// entities pass through it that way. A violation is reported at the surface's tile, once for each
// run of pixel columns with the same surface and obstacle tiles, naming the tightest column.
std::vector<MapViolation> validateScenario(const Scenario& scenario, const MapPixels& pixels);

// formatViolation for a scenario's map: its ASCII rows in the scenario file, or its Tiled map file.
std::string formatViolation(const MapViolation& violation, const Scenario& scenario);

} // namespace tileprof
