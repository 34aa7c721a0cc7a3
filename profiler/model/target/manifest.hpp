#pragma once

#include "profiler/formats/design/design.hpp"
#include "profiler/formats/symbols/debug_info.hpp"
#include "profiler/model/scenario/gravity.hpp"
#include "profiler/model/scenario/hitbox.hpp"
#include "profiler/model/target/map_expression.hpp"
#include "profiler/model/target/state_flag.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tileprof {

// A name of the ROM's symbol file, with the manifest line that asked for it (for messages), and
// an offset past it: the manifest's "Name" or "Name + offset".
struct SymbolRef {
    std::string name;
    int line = 0;
    std::uint32_t offset = 0;

    // As the manifest writes it.
    std::string text() const { return offset == 0 ? name : name + " + " + std::to_string(offset); }
};

// What the manifest's [symbols] says of a name, for what the symbol file lacks: the address of a
// name it does not have (bass writes no RAM variables), the size of one it has without a size
// (label files give none), or both.
struct ManifestSymbol {
    std::string name;
    std::optional<std::uint32_t> address;
    std::optional<std::uint32_t> bytes;
    int line = 0;
};

enum class CallKind : std::uint8_t { Jsr, Jsl };

// What the host puts in a register, or pushes, for a call: a constant, or where the entity is: its
// slot's address (the low 16 bits), its slot's number, or its slot's byte offset from the first
// (number × stride: an engine that indexes its object table by it).
struct RegisterValue {
    enum class Kind : std::uint8_t { Constant, EntityAddress, EntityIndex, EntityOffset };
    Kind kind = Kind::Constant;
    std::uint16_t constant = 0;
};

// A field's layout, little-endian. The fixed-point ones (I.F: I integer bits, then F fraction bits
// below them) are for positions and velocities only; every other field is a whole number.
enum class FieldFormat : std::uint8_t {
    U8,
    S8,
    U16,
    S16,
    U8_8,   // unsigned 8.8: the fraction byte, then the integer byte
    S8_8,   // signed 8.8
    U12_4,  // unsigned 12.4: a 16-bit word holding sixteenths of a pixel
    S12_4,  // signed 12.4
    U16_16, // unsigned 16.16: the fraction word, then the integer word
    S16_16, // signed 16.16
    U24,    // a long address: low byte, high byte, bank (hitbox record pointers only)
};

// How many bytes a field of the format takes.
constexpr std::uint32_t bytesOf(FieldFormat format)
{
    switch (format) {
    case FieldFormat::U8:
    case FieldFormat::S8: return 1;
    case FieldFormat::U16:
    case FieldFormat::S16:
    case FieldFormat::U8_8:
    case FieldFormat::S8_8:
    case FieldFormat::U12_4:
    case FieldFormat::S12_4: return 2;
    case FieldFormat::U24: return 3;
    case FieldFormat::U16_16:
    case FieldFormat::S16_16: return 4;
    }
    return 0;
}

// The fraction bits of a fixed-point format; 0 for a whole number.
constexpr unsigned fractionBits(FieldFormat format)
{
    switch (format) {
    case FieldFormat::U8_8:
    case FieldFormat::S8_8: return 8;
    case FieldFormat::U12_4:
    case FieldFormat::S12_4: return 4;
    case FieldFormat::U16_16:
    case FieldFormat::S16_16: return 16;
    default: return 0;
    }
}

constexpr bool isSigned(FieldFormat format)
{
    switch (format) {
    case FieldFormat::S8:
    case FieldFormat::S16:
    case FieldFormat::S8_8:
    case FieldFormat::S12_4:
    case FieldFormat::S16_16: return true;
    default: return false;
    }
}

// A field of the entity at `offset` from its slot; or with `at`, a variable of its own
// ("PlayerX", "Player + 4"), the same for every entity.
struct EntityField {
    std::uint32_t offset = 0;
    FieldFormat format = FieldFormat::U8;
    std::optional<SymbolRef> at;
    std::optional<std::uint32_t> address; // `at` resolved, by profileRom
};

// A position or velocity, which tileprof holds as 16.16 (pixels): in one field of any format (a
// whole-number format holds whole pixels), or as an integer part and a fraction at their own
// offsets.
struct QuantityField {
    EntityField integer;                 // the whole quantity, or its integer part (a whole-number format)
    std::optional<EntityField> fraction; // u8: the fraction's top 8 bits; u16: all 16
};

// The field bits a 16.16 `value` is stored as in `format`, and the 16.16 value of field bits.
constexpr std::uint32_t toFieldBits(std::uint32_t value, FieldFormat format)
{
    const std::uint32_t bits = 8 * bytesOf(format);
    const std::uint32_t stored = value >> (16 - fractionBits(format));
    return bits == 32 ? stored : stored & ((std::uint32_t{1} << bits) - 1);
}
constexpr std::uint32_t fromFieldBits(std::uint32_t stored, FieldFormat format)
{
    const std::uint32_t bits = 8 * bytesOf(format);
    const std::uint32_t sign = std::uint32_t{1} << (bits - 1);
    const std::uint32_t extended = isSigned(format) && bits < 32 && (stored & sign) ? stored | ~((sign << 1) - 1) : stored;
    return extended << (16 - fractionBits(format));
}

// The hitbox in a record the entity points to, instead of in the entity (the untech engine keeps
// it in the entity's current animation frame). Records in RAM are the host's to write, one per
// entity slot; records in ROM are the ROM's, and the host points each entity to the one that holds
// its hitbox.
struct HitboxRecords {
    EntityField pointer;       // in the entity: u16, the record's byte offset from `records`; u24, its address
    SymbolRef records;         // the first record
    std::uint32_t recordBytes = 0;
    std::uint32_t recordCount = 0;
    EntityField left;          // offsets within a record
    EntityField right;
    EntityField yOffset;       // -top
    EntityField height;
    int line = 0;
};

// A hitbox that is constants in the routine's code: one box for every entity, or one for each kind
// of entity, by the value of the input field that holds its kind.
struct ConstantHitboxes {
    struct Box {
        std::uint32_t kind = 0;
        Hitbox box;
        int line = 0;
    };
    std::optional<std::string> kindInput; // nothing: boxes holds the one box of every entity
    std::vector<Box> boxes;
    int line = 0;

    // The box of an entity of `kind`; nothing for a kind the manifest gives no box.
    const Hitbox* of(std::uint32_t kind) const
    {
        for (const Box& box : boxes) {
            if (!kindInput || box.kind == kind) {
                return &box.box;
            }
        }
        return nullptr;
    }
};

// A value the host writes beside the map, computed from its size ("0x1000 + 16 * width").
struct MapVariable {
    std::optional<SymbolRef> symbol; // where, by name; else `address`
    std::uint32_t address = 0;
    FieldFormat format = FieldFormat::U8;
    MapExpression value;
    int line = 0;
};

// How a cell of the routine's map holds its tile's id: `bytes` little-endian bytes, the id in the
// bits of `mask` from bit `shift` up, times `scale` (an engine that stores id n as 2n to index a
// table of words by it). The host writes a cell with its other bits 0.
struct CellFormat {
    std::uint32_t bytes = 1;
    std::uint32_t mask = 0xFF;
    std::uint32_t shift = 0;
    std::uint32_t scale = 1;

    std::uint32_t cellOf(std::uint32_t id) const { return (id * scale << shift) & mask; }
    // The id a cell holds; nothing when its id bits are not a multiple of the scale.
    std::optional<std::uint32_t> idOf(std::uint32_t cell) const
    {
        const std::uint32_t bits = (cell & mask) >> shift;
        return bits % scale == 0 ? std::optional(bits / scale) : std::nullopt;
    }
    // The largest id a cell can hold.
    std::uint32_t maxId() const { return (mask >> shift) / scale; }
};

// A table of the ROM's that a design reads (its tiles' flags, its slopes' heights), by the name the
// design gives it.
struct RomTable {
    std::string name;   // as the design names it, e.g. "block_flags"
    SymbolRef symbol;   // the ROM's table
};

// Who moves the entity. The host: it sets the velocities a scenario's script gives (and gravity)
// before every call, and the routine moves the entity by them (or, with [outcome], answers whether
// it may). The routine: it runs its own physics from the state it keeps; the host writes the
// entity once, before its first call, and then only its inputs.
enum class Movement : std::uint8_t { Host, Routine };

// A value the host writes for a routine that reads more than the entity's motion: a field of the
// entity (a direction byte), or a register at each call (a speed in A). Scenarios set inputs by
// name, for an entity and for a script step; until they do, an input holds its default.
struct RoutineInput {
    enum class Kind : std::uint8_t { Field, Register };
    std::string name;
    Kind kind = Kind::Field;
    EntityField field;
    char reg = 'a'; // 'a', 'x', 'y', or 'b' for the data bank (an engine that sets DB per actor)
    std::uint32_t defaultValue = 0;
    std::uint32_t bits = 16; // what the field or register holds: a value must fit
    int line = 0;
};

// The controller word the routine reads (the one the NMI stores from JOY1): the host writes the
// buttons a script step holds before each call, in the auto-joypad bit layout; and, for a game
// whose NMI also keeps the buttons pressed since the last frame, those beside it.
struct Controller {
    SymbolRef at;
    std::optional<SymbolRef> newPresses;
    std::uint32_t address = 0;           // resolved, by profileRom
    std::uint32_t newPressesAddress = 0;
};

// What marks a case: the execution of a code label ("Name" or "Name + offset"), or of the first
// instruction of a source line ("actors.s:151", for a line with an anonymous label).
struct CaseLabel {
    std::string name;                    // as reports show it, e.g. "falling"
    std::optional<SymbolRef> label;
    std::optional<SourceLine> sourceLine;
    int line = 0;                        // its marker's (label or line), for messages
};

// How to call a routine under test (docs/manifests.md): its entry and calling convention, where
// the entity and the map live and in what format, and which labels mark its cases.
// How a routine that answers "may the entity move by its velocity?" gives its answer, instead of
// moving the entity and setting its state itself: the host then moves it when allowed, and sets the
// state bits of the directions it moved in when not.
struct MoveAnswer {
    enum class From : std::uint8_t { Carry, A, X, Y, Memory };
    From from = From::Carry;
    std::optional<SymbolRef> at;        // From::Memory: where the routine leaves its result
    std::uint32_t address = 0;          // `at` resolved, by profileRom
    FieldFormat format = FieldFormat::U16;
    bool movesWhenSet = false; // the carry set, or the register not zero, means it may move
    // Report only: the answer says a wall stopped the routine's own move (wall_left or wall_right
    // by the input `wallSide`: `wallLeftValue` for left); the host moves nothing.
    bool wallWhenSet = false;
    std::optional<std::string> wallSide;
    std::uint32_t wallLeftValue = 1;
    bool reportsWall() const { return wallSide.has_value(); }
};

struct Manifest {
    std::filesystem::path path;

    Design design; // the file its `design` names, its shapes' tables not yet read

    std::vector<ManifestSymbol> symbols;

    SymbolRef entry;
    CallKind call = CallKind::Jsr;
    int accumulatorBits = 16;
    int indexBits = 16;
    RegisterValue directPage{RegisterValue::Kind::EntityAddress, 0};
    RegisterValue a;
    RegisterValue x;
    RegisterValue y;
    // Words the caller pushes before the call, in the order a C prototype lists them: the last is
    // pushed first, so that the first lies just above the return address (tcc-816's convention).
    // The caller pops them after the call.
    std::vector<RegisterValue> arguments;
    std::uint8_t dataBank = 0;
    std::uint16_t stack = 0x1FFF;
    std::uint64_t cycleLimit = 0;
    GravityWhen gravityWhen = GravityWhen::Always; // when the routine's caller adds gravity

    Movement movement = Movement::Host;

    SymbolRef entitySlots;            // the slots, or with entityStride 0 the one entity's record
    std::uint32_t entityStride = 0;
    QuantityField xPosition;
    QuantityField yPosition;
    std::optional<QuantityField> xVelocity; // always for Movement::Host
    std::optional<QuantityField> yVelocity;
    // Nothing for a routine that only answers whether the entity may move: the state is then the
    // host's report of the answer alone.
    std::optional<EntityField> collisionState;
    EntityField hitboxLeft;
    EntityField hitboxRight;
    EntityField hitboxYOffset;
    EntityField hitboxHeight;
    // With a width field, the hitbox is width x height from the feet: the box's bottom row's centre
    // (left = right = width / 2, top = height - 1); hitboxLeft, Right and YOffset are unused.
    std::optional<EntityField> hitboxWidth;
    std::optional<HitboxRecords> hitboxRecords; // when set, the hitbox fields above are unused
    std::optional<ConstantHitboxes> constantHitboxes; // likewise
    std::optional<EntityField> alive;           // the entity is despawned once this reads 0
    StateBits stateBits;

    SymbolRef mapTiles;
    std::optional<SymbolRef> mapWidth;  // where the host writes the map's size, when the routine reads it
    std::optional<SymbolRef> mapHeight;
    FieldFormat mapSizeFormat = FieldFormat::U8;
    CellFormat cell;
    // The map's layout: fixed strides in bytes from a cell to the one right of it and to the one
    // below it; or, with both 0, a row-major map whose rows are as long as the map is wide
    // (mapBytesPerRow, optionally a row table), or a column-major one of columnHeight cells a column.
    std::uint32_t columnStride = 0;
    std::uint32_t rowStride = 0;
    std::optional<SymbolRef> mapBytesPerRow;
    std::optional<SymbolRef> mapRowOffsets; // words the host fills with row * bytes_per_row
    int columnHeight = 0;                   // column-major when not 0: tile (c, r) at c * columnHeight + r
    // Nothing for a routine that reads tile ids themselves: the map then holds each type's id, its
    // place in the design.
    std::optional<SymbolRef> collisionMap;
    int minMapWidth = 1; // a routine that steps rows by a fixed amount takes maps of that width only
    int minMapHeight = 1;
    int maxMapWidth = 0;
    int maxMapHeight = 0;
    std::uint16_t originX = 0;
    std::uint16_t originY = 0;
    std::optional<SymbolRef> topHeightTable; // the tables a design's surfaces may be read from
    std::optional<SymbolRef> bottomHeightTable;
    std::vector<RomTable> tables;            // [tables]: the others a design names
    std::vector<MapVariable> mapVariables;

    std::vector<CaseLabel> cases;
    std::optional<MoveAnswer> moveAnswer; // [outcome]; without it the routine moves the entity
    std::vector<RoutineInput> inputs;     // [inputs]
    std::optional<Controller> controller; // [controller]

    const RoutineInput* input(std::string_view name) const;
    // The place in `inputs` of the one named so, which must be there (the loaders checked it).
    std::size_t inputIndex(std::string_view name) const { return static_cast<std::size_t>(input(name) - inputs.data()); }
};

// Where the cells of a map lie in the routine's map buffer, and how many columns and rows of cells
// the buffer holds in that layout.
struct MapLayout {
    struct Place {
        std::uint32_t column;
        std::uint32_t row;
        std::uint32_t byte; // within the cell
    };

    std::uint32_t cellBytes = 1;
    std::uint32_t columnStride = 1;
    std::uint32_t rowStride = 1;
    std::uint32_t columns = 0;
    std::uint32_t rows = 0;
    bool columnMajor = false; // a column's cells follow each other, then the next column's

    bool byColumn() const { return columnMajor; }
    std::uint32_t offsetOf(std::uint32_t column, std::uint32_t row) const { return column * columnStride + row * rowStride; }
    // The bytes the first `columns` x `rows` cells span.
    std::uint64_t bytesOf(std::uint32_t columnCount, std::uint32_t rowCount) const
    {
        return columnCount == 0 || rowCount == 0 ? 0
                                                 : std::uint64_t{columnCount - 1} * columnStride + std::uint64_t{rowCount - 1} * rowStride + cellBytes;
    }
    // The cell holding the buffer's byte `offset`; nothing for a byte between cells or past them.
    std::optional<Place> placeOf(std::uint32_t offset) const
    {
        const std::uint32_t outer = byColumn() ? columnStride : rowStride;
        const std::uint32_t inner = byColumn() ? rowStride : columnStride;
        const std::uint32_t major = offset / outer;
        const std::uint32_t minor = offset % outer / inner;
        const std::uint32_t byte = offset % outer % inner;
        const Place place = byColumn() ? Place{major, minor, byte} : Place{minor, major, byte};
        if (byte >= cellBytes || place.column >= columns || place.row >= rows) {
            return std::nullopt;
        }
        return place;
    }
};
// The layout of a map `width` tiles wide in the routine's buffer of `bufferBytes`: the buffer's
// whole columns (column-major) or rows (row-major) of cells.
MapLayout mapLayout(const Manifest& manifest, int width, std::uint32_t bufferBytes);

// Reads a manifest.toml and the design file it names. Throws InputError
// "FILE:LINE[:COLUMN]: problem" for malformed TOML, unknown keys, missing or out-of-range values, and
// a design that reads a height table the manifest does not name.
Manifest loadManifest(const std::filesystem::path& path);

// The same for the text of a manifest read elsewhere; `path` names it in messages.
Manifest parseManifest(const std::filesystem::path& path, std::string text);

} // namespace tileprof
