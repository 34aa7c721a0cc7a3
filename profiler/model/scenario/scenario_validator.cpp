#include "profiler/model/scenario/scenario_validator.hpp"

#include "profiler/model/scenario/scenario.hpp"

#include <algorithm>
#include <cstdlib>
#include <tuple>

namespace tileprof {
namespace {

enum class Standing : std::uint8_t { OnFloor, OnCeiling };

// A hitbox an entity can have, and where the scenario gives it to it.
struct HitboxUse {
    const EntitySpec* entity;
    Hitbox hitbox;
    int line;         // the entity's line, or the script step's that sets the hitbox
    bool fromScript;
};

// How a standing box sits between the ground it stands on and the far side (the ceiling above a
// floor, the floor under a ceiling), in pixel rows counted from the ground: the design's gap at the
// ground, and how deep the far side may reach into the box, as deep as the design rests a box
// against it (a gap above zero is where it stops, not room it demands). Where a design's gaps are
// ranges, the shallowest rest of each: the room the box needs at least.
struct Sitting {
    int gap;
    int farOverlap;

    Sitting(const Invariants& invariants, Standing standing)
    {
        const bool onFloor = standing == Standing::OnFloor;
        gap = (onFloor ? invariants.floorGap : invariants.ceilingGap).max;
        farOverlap = std::max(0, -(onFloor ? invariants.ceilingGap : invariants.floorGap).max);
    }
    // The free pixel rows a hitbox needs between the ground and the far side.
    int neededRows(const Hitbox& hitbox) const { return hitbox.height + gap - farOverlap; }
};

bool canStand(const EntitySpec& entity, Standing standing)
{
    const Gravity against = standing == Standing::OnFloor ? Gravity::Up : Gravity::Down;
    if (entity.gravity != against) {
        return true;
    }
    return std::any_of(entity.script.begin(), entity.script.end(),
                       [&](const ScriptStep& step) { return step.gravity && *step.gravity != against; });
}

// One hitbox of each height any entity standing that way can have, the tallest first: the first
// that has a height stands for the others, the rule depends on the height alone.
std::vector<HitboxUse> hitboxesStanding(const Scenario& scenario, Standing standing)
{
    std::vector<HitboxUse> uses;
    const auto add = [&](const HitboxUse& use) {
        const bool seen = std::any_of(uses.begin(), uses.end(),
                                      [&](const HitboxUse& existing) { return existing.hitbox.height == use.hitbox.height; });
        if (!seen) {
            uses.push_back(use);
        }
    };
    for (const EntitySpec& entity : scenario.entities) {
        if (!canStand(entity, standing)) {
            continue;
        }
        add({&entity, entity.hitbox, entity.line, false});
        for (const ScriptStep& step : entity.script) {
            if (step.hitbox) {
                add({&entity, *step.hitbox, step.line, true});
            }
        }
    }
    std::stable_sort(uses.begin(), uses.end(),
                     [](const HitboxUse& left, const HitboxUse& right) { return left.hitbox.height > right.hitbox.height; });
    return uses;
}

// The map seen by an entity standing one way: its ground is what it stands on (one-way platforms
// included), the far side what its other edge must stay out of (one-way platforms excluded: it
// passes through them that way). Rows count from the far side to the ground: down for a floor, up
// for a ceiling.
struct Outlook {
    const MapPixels& pixels;
    Standing standing;

    bool onFloor() const { return standing == Standing::OnFloor; }
    int towardGround() const { return onFloor() ? 1 : -1; }
    bool ground(int x, int y) const { return onFloor() ? pixels.floor(x, y) : pixels.ceiling(x, y); }
    bool farSide(int x, int y) const
    {
        return onFloor() ? pixels.ceiling(x, y, Platforms::Ignore) : pixels.floor(x, y, Platforms::Ignore);
    }
    // The ground's first row (nearest the entity) at the pixel.
    bool surface(int x, int y) const { return ground(x, y) && !ground(x, y - towardGround()); }
    // A surface that is a SOLID or one-way platform tile's first row: the side tests rest a box on
    // those alone.
    bool tileEdge(int x, int y) const
    {
        const std::optional<TileId> t = pixels.tileAt(x, y);
        if (!t) {
            return false;
        }
        const TileKind& kind = pixels.design[*t];
        const bool platform = kind.oneWay && (onFloor() ? kind.floor.exists() : kind.ceiling.exists());
        const int last = pixels.design.tileSize - 1;
        return (kind.solid || platform) && (y & last) == (onFloor() ? 0 : last);
    }
};

// A resting place where the hitbox goes into the far side: its origin's column, the surface it
// rests on (a pixel of it) and the far side's pixel nearest that surface inside the box.
struct Clip {
    int originX;
    int groundX;
    int ground;
    int farX;
    int far;

    int freeRows() const { return std::abs(ground - far) - 1; }
};

// Where an outlook's entity can rest, per pixel column: its ground's surfaces, and the tile edges
// among them.
struct RestingRows {
    std::vector<std::vector<int>> surfaces;
    std::vector<std::vector<int>> tileEdges;
};

RestingRows restingRows(const Outlook& outlook)
{
    RestingRows rows;
    const int width = outlook.pixels.widthPixels();
    rows.surfaces.resize(static_cast<std::size_t>(width));
    rows.tileEdges.resize(static_cast<std::size_t>(width));
    for (int x = 0; x < width; ++x) {
        for (int y = 0; y < outlook.pixels.heightPixels(); ++y) {
            if (outlook.surface(x, y)) {
                rows.surfaces[static_cast<std::size_t>(x)].push_back(y);
                if (outlook.tileEdge(x, y)) {
                    rows.tileEdges[static_cast<std::size_t>(x)].push_back(y);
                }
            }
        }
    }
    return rows;
}

// Every place a hitbox can rest with its origin at pixel column x: on a surface under its origin
// (the centre tests snap it there), or on the edge of a SOLID or platform tile under another of its
// columns (the side tests hold it there). It rests there if its edge nearest the ground is clear
// of SOLID, else a wall would have stopped it. Each column of the box is then checked from that
// edge across, first past ground it stands in (the foot of a slope rising beside it), then through
// the rows its height needs: no column may meet SOLID there, which the X axis takes for a wall,
// and the origin's column no far side at all (a slope, END_SLOPE or SOLID), which the centre tests
// would snap it out of the wrong way. Slopes at the box's other columns are the design's own
// overlap: only its centre follows them.
void findClips(const Outlook& outlook, const RestingRows& rows, const Hitbox& hitbox, int x, std::vector<Clip>& clips)
{
    const int toward = outlook.towardGround();
    const Sitting sitting(outlook.pixels.design.invariants, outlook.standing);
    const int left = x - hitbox.left;
    const int right = x + hitbox.right - 1;
    const int width = outlook.pixels.widthPixels();
    std::vector<std::pair<int, int>> supports; // (surface row, column)
    for (const int y : rows.surfaces[static_cast<std::size_t>(x)]) {
        supports.emplace_back(y, x);
    }
    for (int c = std::max(left, 0); c <= std::min(right, width - 1); ++c) {
        for (const int y : rows.tileEdges[static_cast<std::size_t>(c)]) {
            supports.emplace_back(y, c);
        }
    }
    // One support for each row: the first, the origin's own when it has one there.
    std::stable_sort(supports.begin(), supports.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    supports.erase(std::unique(supports.begin(), supports.end(),
                               [](const auto& a, const auto& b) { return a.first == b.first; }),
                   supports.end());
    // Rows of the box by their distance from the ground: its near edge is gap + 1 away, and a box
    // sunk into the ground (a negative gap) is checked from the ground's first free row.
    const int firstFree = std::max(sitting.gap, 0) + 1;
    const int last = sitting.gap + hitbox.height - sitting.farOverlap;
    if (last < firstFree) {
        return;
    }
    for (const auto& [ground, groundX] : supports) {
        const int near = ground - toward * firstFree;
        const int end = ground - toward * (last + 1); // one row beyond what the far side may not reach
        bool inWall = false;
        for (int c = left; c <= right && !inWall; ++c) {
            inWall = outlook.pixels.solid(c, near);
        }
        if (inWall) {
            continue;
        }
        for (int c = left; c <= right; ++c) {
            int y = near;
            while (y != end && outlook.ground(c, y) && !outlook.pixels.solid(c, y)) {
                y -= toward;
            }
            for (; y != end; y -= toward) {
                if (c == x ? outlook.farSide(c, y) : outlook.pixels.solid(c, y)) {
                    clips.push_back({x, groundX, ground, c, y});
                    break;
                }
            }
        }
    }
}

std::string describeTile(const MapPixels& pixels, int x, int y)
{
    const std::optional<TileId> tile = pixels.tileAt(x, y);
    if (!tile) {
        return y < 0 ? "the top of the map" : "the bottom of the map";
    }
    const int size = pixels.design.tileSize;
    return pixels.design.describe(*tile) + " (row " + std::to_string(y / size) + ", column " + std::to_string(x / size) + ")";
}

std::string describeHitbox(const HitboxUse& use)
{
    const Hitbox& h = use.hitbox;
    const std::string box = "hitbox {left " + std::to_string(h.left) + ", right " + std::to_string(h.right) + ", top " +
                            std::to_string(h.top) + ", height " + std::to_string(h.height) + "}";
    const std::string entity = "entity \"" + use.entity->name + "\"";
    if (use.fromScript) {
        return entity + " (line " + std::to_string(use.entity->line) + ") takes the " + box + " at line " +
               std::to_string(use.line);
    }
    return entity + " (line " + std::to_string(use.line) + ") has the " + box;
}

// Clips are reported per tile the box rests on, each by its tightest.
std::pair<int, int> groundTile(const Clip& clip, int tileSize)
{
    return {clip.ground / tileSize, clip.groundX / tileSize};
}

// What the rows a hitbox needs are made of, for messages.
std::string neededParts(const Sitting& sitting, bool onFloor)
{
    const char* ground = onFloor ? "floor" : "ceiling";
    const char* far = onFloor ? "ceiling" : "floor";
    std::string parts = "its height";
    if (sitting.gap > 0) {
        parts += std::string(" and the ") + std::to_string(sitting.gap) + " px it rests " + (onFloor ? "above" : "under") +
                 " the " + ground;
    } else if (sitting.gap < 0) {
        parts += " less the " + std::to_string(-sitting.gap) + " px it sinks into the " + ground;
    }
    if (sitting.farOverlap > 0) {
        parts += std::string(sitting.gap < 0 ? " and the " : " less the ") + std::to_string(sitting.farOverlap) +
                 " px it may go into the " + far;
    }
    return parts;
}

void reportClips(std::vector<Clip> clips, const Outlook& outlook, const HitboxUse& use, std::vector<MapViolation>& violations)
{
    const Sitting sitting(outlook.pixels.design.invariants, outlook.standing);
    const int size = outlook.pixels.design.tileSize;
    std::sort(clips.begin(), clips.end(), [size](const Clip& left, const Clip& right) {
        return std::tuple(groundTile(left, size), left.originX) < std::tuple(groundTile(right, size), right.originX);
    });
    const bool onFloor = outlook.onFloor();
    const char* groundName = onFloor ? "floor" : "ceiling";
    const char* farName = onFloor ? "ceiling" : "floor";
    for (std::size_t first = 0; first < clips.size();) {
        std::size_t last = first;
        const Clip* tightest = &clips[first];
        while (last + 1 < clips.size() && groundTile(clips[last + 1], size) == groundTile(clips[first], size)) {
            ++last;
            if (clips[last].freeRows() < tightest->freeRows()) {
                tightest = &clips[last];
            }
        }
        const Clip& clip = *tightest;
        const std::string detail =
            describeHitbox(use) + ": standing " + (onFloor ? "on" : "under") + " it with its origin at pixel columns " +
            std::to_string(clips[first].originX) + ".." + std::to_string(clips[last].originX) + ", the hitbox's " +
            (onFloor ? "top" : "bottom") + " row goes into the " + farName + " of " +
            describeTile(outlook.pixels, clip.farX, clip.far) + ": " + std::to_string(clip.freeRows()) + " px between the " +
            groundName + " (pixel row " + std::to_string(clip.ground) + " at column " + std::to_string(clip.groundX) +
            ") and the " + farName + " (pixel row " + std::to_string(clip.far) + " at column " + std::to_string(clip.farX) +
            "), where it needs " + std::to_string(sitting.neededRows(use.hitbox)) + ", " + neededParts(sitting, onFloor);
        const std::pair<int, int> tile = groundTile(clip, size);
        violations.push_back({tile.first, tile.second, *outlook.pixels.tileAt(clip.groundX, clip.ground),
                              onFloor ? "NOT_ENOUGH_ROOM_ABOVE_FLOOR" : "NOT_ENOUGH_ROOM_BELOW_CEILING", detail});
        first = last + 1;
    }
}

} // namespace

std::vector<MapViolation> validateScenario(const Scenario& scenario, const MapPixels& pixels)
{
    std::vector<MapViolation> violations = validateMap(scenario.map, scenario.design);
    for (const Standing standing : {Standing::OnFloor, Standing::OnCeiling}) {
        const std::vector<HitboxUse> uses = hitboxesStanding(scenario, standing);
        if (uses.empty()) {
            continue;
        }
        const Outlook outlook{pixels, standing};
        const RestingRows rows = restingRows(outlook);
        for (const HitboxUse& use : uses) {
            std::vector<Clip> clips;
            for (int x = 0; x < pixels.widthPixels(); ++x) {
                findClips(outlook, rows, use.hitbox, x, clips);
            }
            reportClips(std::move(clips), outlook, use, violations);
        }
    }
    return violations;
}

std::string formatViolation(const MapViolation& violation, const Scenario& scenario)
{
    const std::filesystem::path& file = scenario.mapFile.empty() ? scenario.path : scenario.mapFile;
    return formatViolation(violation, scenario.design, file.string(), scenario.mapRowLines);
}

} // namespace tileprof
