#include "tests/support/random_play.hpp"
#include "tests/support/untech_design.hpp"

#include <algorithm>
#include <array>
#include <random>
#include <string>

namespace tileprof::test {

TileMap referenceRoom()
{
    const char* const rows[] = {
        "################################",
        "#f..............v..........#...#",
        "#..........................#...#",
        "#....A=B...........CD=EF......A#",
        "#...A=#=B.ABCDEF.CD=###=EF...A=#",
        "#..#######################...###",
        "#...a=#=b.abcdef.cd=###=ef.....#",
        "#....a=b...........cd=ef.......#",
        "#...........................####",
        "#............^^^.vvv........cd=#",
        "#..............^^^.....A=#....a#",
        "#...#=B.#.A=#..^^^...CD==#.....#",
        "#EF.##=B#A=##..^^^.CD====#....C#",
        "################################",
    };
    TileMap map;
    map.width = 32;
    for (const char* row : rows) {
        for (const char* c = row; *c != '\0'; ++c) {
            map.tiles.push_back(*test::untechDesign().byLegend(*c));
        }
        ++map.height;
    }
    return map;
}

const std::vector<Hitbox>& referenceHitboxes()
{
    static const std::vector<Hitbox> hitboxes{
        {6, 6, 12, 24}, {2, 2, 6, 8}, {16, 16, 12, 18}, {1, 1, 1, 2},
        {1, 15, 1, 16}, {15, 1, 15, 16}, {1, 3, 16, 32}, {8, 8, 20, 24},
    };
    return hitboxes;
}

namespace {

class Dice {
public:
    explicit Dice(std::uint32_t seed) : engine_(seed) {}

    int between(int low, int high) { return std::uniform_int_distribution<int>(low, high)(engine_); }
    bool chance(double p) { return std::bernoulli_distribution(p)(engine_); }

private:
    std::mt19937 engine_;
};

bool onlyEmpty(const TileMap& map, int left, int top, int right, int bottom)
{
    for (int y = top; y <= bottom; ++y) {
        for (int x = left; x <= right; ++x) {
            if (!map.contains(x / 16, y / 16) || map.at(x / 16, y / 16) != test::untechTile("EMPTY")) {
                return false;
            }
        }
    }
    return true;
}

// A whole-pixel origin whose hitbox lies in EMPTY tiles only.
std::array<int, 2> placeIn(const TileMap& map, const Hitbox& h, Dice& dice)
{
    for (;;) {
        const int x = dice.between(h.left, map.width * 16 - h.right);
        const int y = dice.between(h.top, map.height * 16 - h.height + h.top);
        if (onlyEmpty(map, x - h.left, y - h.top, x + h.right - 1, y - h.top + h.height - 1)) {
            return {x, y};
        }
    }
}

Gravity nextGravity(Gravity g)
{
    return g == Gravity::Down ? Gravity::Up : g == Gravity::Up ? Gravity::None : Gravity::Down;
}

std::vector<ScriptStep> randomScript(int frames, Gravity gravity, Dice& dice)
{
    std::vector<ScriptStep> script;
    for (int frame = 0; frame < frames;) {
        const int held = std::min(dice.between(1, 40), frames - frame);
        const double walk = 2.5 * dice.between(-1, 1);
        ScriptStep first{.frames = held, .walk = walk};
        if (dice.chance(0.08)) {
            gravity = nextGravity(gravity);
            first.gravity = gravity;
        }
        const int vertical = dice.between(0, 9);
        if (vertical < 2) {
            // Up or down held: the velocity is set on every frame, one step each.
            first.frames = 1;
            for (int i = 0; i < held; ++i) {
                ScriptStep step = i == 0 ? first : ScriptStep{.frames = 1, .walk = walk};
                step.jump = vertical == 0 ? -1.0 : 1.0;
                script.push_back(step);
            }
        } else {
            if (vertical == 2) {
                const bool down = gravity == Gravity::Up || (gravity == Gravity::None && dice.chance(0.5));
                first.jump = (down ? 1 : -1) * dice.between(3, 8);
            }
            script.push_back(first);
        }
        frame += held;
    }
    return script;
}

} // namespace

Scenario randomPlay(const TileMap& map, const std::vector<Hitbox>& hitboxes, int frames, std::uint32_t seed)
{
    Dice dice(seed);
    Scenario s;
    s.name = "random-play-" + std::to_string(seed);
    s.rom = "tile-collision";
    s.frames = frames;
    s.design = test::untechDesign();
    s.map = map;
    for (std::size_t i = 0; i < hitboxes.size(); ++i) {
        EntitySpec e;
        e.name = "hitbox" + std::to_string(i + 1);
        e.hitbox = hitboxes[i];
        const auto [x, y] = placeIn(map, e.hitbox, dice);
        e.x = x;
        e.y = y;
        e.gravity = static_cast<Gravity>(dice.between(0, 2));
        e.gravityAccel = dice.chance(0.5) ? 1555.0 / 65536 : 0.25;
        e.script = randomScript(frames, e.gravity, dice);
        s.entities.push_back(std::move(e));
    }
    return s;
}

} // namespace tileprof::test
