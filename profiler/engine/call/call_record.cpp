#include "profiler/engine/call/call_record.hpp"

#include "base/printf_string.hpp"

namespace tileprof {

std::string StrayMapRead::text() const
{
    const std::string read = printfString("$%02X:%04X = $%02X", address >> 16, address & 0xFFFF, value);
    if (column < 0) {
        return read + ", a byte no cell of the map's layout holds";
    }
    return read + printfString(", of cell (column %d, row %d), whose value is no tile id of the cell format", column, row);
}

} // namespace tileprof
