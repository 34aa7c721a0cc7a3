#include "tests/support/untech_design.hpp"

#include <stdexcept>
#include <string>

namespace tileprof::test {

const Design& untechDesign()
{
    static const Design design = loadDesign(resolveDesignPath("untech", {}));
    return design;
}

TileId untechTile(std::string_view name)
{
    const std::optional<TileId> id = untechDesign().byName(name);
    if (!id) {
        throw std::logic_error("the untech design has no tile " + std::string(name));
    }
    return *id;
}

} // namespace tileprof::test
