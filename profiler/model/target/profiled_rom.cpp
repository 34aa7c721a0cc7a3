#include "profiler/model/target/profiled_rom.hpp"

#include "base/input_error.hpp"
#include "emu/cartridge/cpu_address.hpp"
#include "profiler/formats/symbols/symbol_file.hpp"

#include <algorithm>

namespace tileprof {

namespace {

// Sizes come from the symbol file or the manifest, up to 16 MiB: the ends are summed in 64 bits,
// where they cannot wrap. WRAM's first 8 KiB are in bank $7E and at $0000 of every system bank.
bool isLowWram(std::uint32_t address, std::uint32_t bytes)
{
    const std::uint32_t bank = address >> 16;
    const bool lowMirrorBank = bank < 0x40 || bank == 0x7E || (bank >= 0x80 && bank < 0xC0);
    return lowMirrorBank && std::uint64_t{address & 0xFFFF} + bytes <= 0x2000;
}

bool isWram(std::uint32_t address, std::uint32_t bytes)
{
    const bool inBanks7E7F = address >= 0x7E0000 && std::uint64_t{address} + bytes <= 0x800000;
    return inBanks7E7F || isLowWram(address, bytes);
}

// A symbol's address and size, from the symbol file and the manifest's [symbols] together.
struct ResolvedSymbol {
    std::uint32_t value;
    std::optional<std::uint32_t> size;
};

class Resolver {
public:
    Resolver(const ProfiledRom& rom) : rom_(rom) {}

    ResolvedSymbol symbol(const SymbolRef& ref) const
    {
        const DebugSymbol* found = rom_.debug.findSymbol(ref.name);
        const ManifestSymbol* given = manifestSymbol(ref.name);
        if (found == nullptr && (given == nullptr || !given->address)) {
            fail(ref, "is not in " + rom_.debug.path().string() + " nor given an address in the manifest's [symbols]");
        }
        ResolvedSymbol resolved = found ? ResolvedSymbol{found->value, found->size} : ResolvedSymbol{*given->address, {}};
        if (given != nullptr && given->bytes) {
            resolved.size = given->bytes;
        }
        // "Name + offset": the bytes from there on.
        resolved.value += ref.offset;
        if (resolved.size) {
            resolved.size = *resolved.size > ref.offset ? *resolved.size - ref.offset : 0;
        }
        return resolved;
    }

    std::uint32_t code(const SymbolRef& ref) const
    {
        const ResolvedSymbol s = symbol(ref);
        if (!rom_.image.offsetOf(s.value)) {
            fail(ref, "is at " + cpuAddressText(s.value) + ", which is not in ROM");
        }
        return s.value;
    }

    std::uint32_t ram(const SymbolRef& ref, std::uint32_t bytes) const
    {
        const ResolvedSymbol s = symbol(ref);
        if (!isWram(s.value, bytes)) {
            fail(ref, "is at " + cpuAddressText(s.value) + ": " + std::to_string(bytes) + " bytes there are not all work RAM");
        }
        return s.value;
    }

    std::uint32_t sizedRam(const SymbolRef& ref) const
    {
        const ResolvedSymbol s = symbol(ref);
        if (!s.size || *s.size == 0) {
            fail(ref, "has no size: reserve it with .res, or give it in the manifest's [symbols] as "
                      "{ bytes = N }");
        }
        return *s.size;
    }

    // Each [symbols] entry adds what the symbol file lacks, never changes what it has.
    void checkManifestSymbols() const
    {
        for (const ManifestSymbol& given : rom_.manifest.symbols) {
            const DebugSymbol* found = rom_.debug.findSymbol(given.name);
            if (found && given.address) {
                fail({given.name, given.line}, "is in " + rom_.debug.path().string() + " already, at " +
                                                   cpuAddressText(found->value) + ": give only its size, { bytes = N }");
            }
            if (!found && !given.address) {
                fail({given.name, given.line}, "is not in " + rom_.debug.path().string() +
                                                   ": give its address, { at = 0x7E0100, bytes = N }");
            }
            if (found && found->size && given.bytes) {
                fail({given.name, given.line}, "has a size in " + rom_.debug.path().string() + " already, " +
                                                   std::to_string(*found->size) + " bytes");
            }
        }
    }

    [[noreturn]] void fail(const SymbolRef& ref, const std::string& problem) const
    {
        throw InputError(context(ref) + ": symbol \"" + ref.text() + "\" " + problem);
    }

private:
    const ManifestSymbol* manifestSymbol(std::string_view name) const
    {
        for (const ManifestSymbol& given : rom_.manifest.symbols) {
            if (given.name == name) {
                return &given;
            }
        }
        return nullptr;
    }

    std::string context(const SymbolRef& ref) const
    {
        return rom_.manifest.path.string() + ":" + std::to_string(ref.line);
    }

    const ProfiledRom& rom_;
};

std::array<std::uint8_t, 256> readTable(const ProfiledRom& rom, const Resolver& resolve, const SymbolRef& ref)
{
    const std::uint32_t start = resolve.code(ref);
    std::array<std::uint8_t, 256> table{};
    for (std::uint32_t i = 0; i < table.size(); ++i) {
        const auto offset = rom.image.offsetOf(start + i);
        if (!offset) {
            resolve.fail(ref, "does not have 256 bytes of ROM after it");
        }
        table[i] = rom.image.bytes[*offset];
    }
    return table;
}

// Entry `index` of a ROM table of `entryBytes`-byte little-endian entries.
std::uint32_t romEntry(const ProfiledRom& rom, const Resolver& resolve, const SymbolRef& table, std::uint32_t index,
                       std::uint32_t entryBytes)
{
    const std::uint32_t start = resolve.code(table);
    std::uint32_t value = 0;
    for (std::uint32_t i = 0; i < entryBytes; ++i) {
        const auto offset = rom.image.offsetOf(start + index * entryBytes + i);
        if (!offset) {
            resolve.fail(table, "does not have " + std::to_string(index + 1) + " entries of " + std::to_string(entryBytes) +
                                    (entryBytes == 1 ? " byte" : " bytes") + " of ROM after it, which the design reads");
        }
        value |= std::uint32_t{rom.image.bytes[*offset]} << (8 * i);
    }
    return value;
}

const SymbolRef& romTable(const Manifest& manifest, const std::string& name)
{
    // readDesign checked that [tables] names every table the design reads.
    return std::ranges::find(manifest.tables, name, &RomTable::name)->symbol;
}

// A design's tiles as the ROM's tables describe them: solid tiles block every side, one-way ones
// stop a fall at their top row, and a slope's floor at each column is where its entry puts it.
void readTileTable(const ProfiledRom& rom, const Resolver& resolve, Design& design)
{
    const TileTable& table = *design.table;
    const auto size = static_cast<std::size_t>(design.tileSize);
    const SymbolRef& flagsTable = romTable(rom.manifest, table.flags);
    for (std::size_t id = 0; id < design.tiles.size(); ++id) {
        TileKind& kind = design.tiles[id];
        const std::uint32_t flags = romEntry(rom, resolve, flagsTable, static_cast<std::uint32_t>(id), table.entryBytes);
        kind.solid = (flags & table.solid) != 0;
        kind.oneWay = !kind.solid && (flags & table.oneWay) != 0;
        if (kind.solid || kind.oneWay) {
            kind.floor = {Surface::From::Rows, {}};
        }
        if (kind.solid) {
            kind.ceiling = {Surface::From::Rows, {}};
            std::fill_n(kind.ceiling.rows.begin(), size, static_cast<std::uint8_t>(size - 1));
        }
    }
    for (const SlopeRange& slopes : table.slopes) {
        const SymbolRef& heights = romTable(rom.manifest, slopes.heights);
        for (std::uint32_t id = slopes.first; id <= slopes.last; ++id) {
            TileKind& kind = design.tiles[id];
            kind.floor = {Surface::From::Rows, {}};
            for (std::uint32_t column = 0; column < size; ++column) {
                const std::uint32_t index = (id - slopes.first) * static_cast<std::uint32_t>(size) +
                                            (slopes.rightToLeft ? static_cast<std::uint32_t>(size) - 1 - column : column);
                const std::uint32_t entry = romEntry(rom, resolve, heights, index, slopes.entryBytes);
                const std::optional<int> row = slopes.floorRow(entry, design.tileSize);
                if (!row) {
                    resolve.fail(heights, "holds " + std::to_string(entry) + " for tile " + std::to_string(id) + "'s column " +
                                              std::to_string(column) + " (entry " + std::to_string(index) + "), beyond the " +
                                              std::to_string(slopes.span() * design.tileSize) + " px the slope spans at " +
                                              std::to_string(slopes.scale) + " a pixel: at most " +
                                              std::to_string(slopes.span() * design.tileSize * static_cast<int>(slopes.scale) + static_cast<int>(slopes.scale) - 1) +
                                              " (" + design.path.string() + ":" + std::to_string(slopes.line) + ")");
                }
                kind.floor.rows[column] = static_cast<std::uint8_t>(*row);
            }
        }
    }
}

// The design with the rows of every surface a height table holds read from the ROM, at the tile's
// value | column as the routine indexes them, and the tiles of a ROM's tile table.
Design readSurfaces(const ProfiledRom& rom)
{
    const Resolver resolve(rom);
    const Manifest& m = rom.manifest;
    const auto tableOf = [&](const std::optional<SymbolRef>& ref) {
        return ref ? readTable(rom, resolve, *ref) : std::array<std::uint8_t, 256>{};
    };
    const std::array<std::uint8_t, 256> top = tableOf(m.topHeightTable);
    const std::array<std::uint8_t, 256> bottom = tableOf(m.bottomHeightTable);
    Design design = m.design;
    if (design.table) {
        readTileTable(rom, resolve, design);
    }
    for (TileKind& kind : design.tiles) {
        for (Surface* surface : {&kind.floor, &kind.ceiling}) {
            if (surface->from != Surface::From::TopHeightTable && surface->from != Surface::From::BottomHeightTable) {
                continue;
            }
            const std::array<std::uint8_t, 256>& table = surface->from == Surface::From::TopHeightTable ? top : bottom;
            for (std::size_t column = 0; column < static_cast<std::size_t>(design.tileSize); ++column) {
                surface->rows[column] = table[kind.value | column];
            }
            surface->from = Surface::From::Rows;
        }
    }
    return design;
}

// A field's value as the ROM holds it at `address`, sign-extended for the signed formats.
std::int64_t romField(const ProfiledRom& rom, std::uint32_t address, FieldFormat format)
{
    const std::uint32_t bytes = bytesOf(format);
    std::uint32_t value = 0;
    for (std::uint32_t i = 0; i < bytes; ++i) {
        value |= std::uint32_t{rom.image.bytes[*rom.image.offsetOf(address + i)]} << (8 * i);
    }
    const std::uint32_t sign = std::uint32_t{1} << (8 * bytes - 1);
    return isSigned(format) && (value & sign) ? std::int64_t{value} - (std::int64_t{sign} << 1) : std::int64_t{value};
}

// Whether `bytes` bytes from `address` are all ROM, in its bank.
bool inOneRomBank(const emu::RomImage& image, std::uint32_t address, std::uint32_t bytes)
{
    for (std::uint32_t i = 0; i < bytes; ++i) {
        if (!image.offsetOf(address + i) || ((address + i) >> 16) != (address >> 16)) {
            return false;
        }
    }
    return true;
}

// The host writes a collision map in work RAM; one in ROM is the engine's own metatile table, of
// its symbol's size (256 entries when it has none).
void resolveCollisionMap(const ProfiledRom& rom, const Resolver& resolver, RoutineAddresses& addresses)
{
    if (!rom.manifest.collisionMap) {
        return;
    }
    const SymbolRef& ref = *rom.manifest.collisionMap;
    const ResolvedSymbol table = resolver.symbol(ref);
    addresses.collisionMap = table.value;
    if (isWram(table.value, 256)) {
        return;
    }
    const std::uint32_t entries = std::min<std::uint32_t>(table.size.value_or(256), 256);
    if (entries == 0 || !inOneRomBank(rom.image, table.value, entries)) {
        resolver.fail(ref, "is at " + cpuAddressText(table.value) + ": neither 256 bytes of work RAM (a table the host writes) nor " +
                        std::to_string(entries) + " bytes of ROM in one bank (a metatile table of the ROM's own; give "
                        "a smaller one its size in [symbols])");
    }
    for (std::uint32_t i = 0; i < entries; ++i) {
        addresses.romCollisionMap.push_back(rom.image.bytes[*rom.image.offsetOf(table.value + i)]);
    }
}

// Tile ids as the map holds them: each type its own id, or the first metatile of its value. Both
// loops run downward so that the first id of a type and the first type of a value are kept.
void mapTileIds(ProfiledRom& rom)
{
    const std::size_t types = rom.design.tiles.size();
    const std::vector<std::uint8_t>& metatiles = rom.addresses.romCollisionMap;
    const std::size_t ids = std::size_t{rom.manifest.cell.maxId()} + 1;
    rom.typeOfMapId.assign(metatiles.empty() ? std::max(ids, types) : std::max<std::size_t>(ids, 256), rom.design.empty);
    rom.mapIdOfType.assign(types, std::nullopt);
    for (std::size_t id = metatiles.empty() ? std::min(types, ids) : metatiles.size(); id-- > 0;) {
        if (metatiles.empty()) {
            rom.typeOfMapId[id] = static_cast<TileId>(id);
            rom.mapIdOfType[id] = static_cast<std::uint32_t>(id);
            continue;
        }
        for (std::size_t type = types; type-- > 0;) {
            if (rom.design.tiles[type].value == metatiles[id]) {
                rom.typeOfMapId[id] = static_cast<TileId>(type);
                rom.mapIdOfType[type] = static_cast<std::uint32_t>(id);
            }
        }
    }
}

void resolveHitboxRecords(const ProfiledRom& rom, const Resolver& resolver, const HitboxRecords& records, RoutineAddresses& addresses)
{
    const std::uint32_t bytes = records.recordBytes * records.recordCount;
    addresses.hitboxRecords = resolver.symbol(records.records).value;
    const bool inRom = inOneRomBank(rom.image, addresses.hitboxRecords, bytes);
    if (!inRom && !isWram(addresses.hitboxRecords, bytes)) {
        resolver.fail(records.records, "is at " + cpuAddressText(addresses.hitboxRecords) + ": its " + std::to_string(records.recordCount) + " records of " +
                              std::to_string(records.recordBytes) + " bytes are neither all ROM of one bank nor all work RAM");
    }
    addresses.hitboxRecordsInRom = inRom;
    if (!inRom) {
        return;
    }
    for (std::uint32_t record = 0; record < records.recordCount; ++record) {
        const std::uint32_t at = addresses.hitboxRecords + record * records.recordBytes;
        addresses.romHitboxes.push_back({static_cast<int>(romField(rom, at + records.left.offset, records.left.format)),
                                 static_cast<int>(romField(rom, at + records.right.offset, records.right.format)),
                                 static_cast<int>(-romField(rom, at + records.yOffset.offset, records.yOffset.format)),
                                 static_cast<int>(romField(rom, at + records.height.offset, records.height.format))});
    }
}

// Where a case's source line begins.
std::uint32_t lineAddress(const ProfiledRom& rom, const CaseLabel& marker)
{
    const SourceLine& line = *marker.sourceLine;
    const std::string where = rom.manifest.path.string() + ":" + std::to_string(marker.line) + ": case \"" + marker.name + "\": ";
    std::optional<std::uint32_t> address;
    try {
        address = rom.debug.addressOfLine(line.file, line.line);
    } catch (const InputError& e) {
        // A file name several source files end with: the manifest's line is the one to change.
        throw InputError(where + e.what());
    }
    if (!address) {
        throw InputError(where + rom.debug.path().string() + " has no code on line " + std::to_string(line.line) + " of " + line.file +
                         (rom.debug.sourceFiles().empty() ? " (it records no source lines: mark the case with a label)" : ""));
    }
    return *address;
}

RoutineAddresses resolve(const ProfiledRom& rom)
{
    const Manifest& m = rom.manifest;
    const Resolver r(rom);
    r.checkManifestSymbols();
    RoutineAddresses a;
    a.entry = r.code(m.entry);
    if (m.entityStride == 0) {
        // One entity, its record as large as its furthest field.
        a.entitySlotCount = 1;
        a.entitySlots = r.symbol(m.entitySlots).value;
        if (!isLowWram(a.entitySlots, 1)) {
            r.fail(m.entitySlots, "is at " + cpuAddressText(a.entitySlots) + ", not in $0000-$1FFF, where the direct page and a 16-bit "
                                  "index can point");
        }
    } else {
        const std::uint32_t slotBytes = r.sizedRam(m.entitySlots);
        a.entitySlotCount = slotBytes / m.entityStride;
        a.entitySlots = r.ram(m.entitySlots, slotBytes);
        if (a.entitySlotCount == 0 || !isLowWram(a.entitySlots, slotBytes)) {
            r.fail(m.entitySlots, "must hold at least one " + std::to_string(m.entityStride) +
                                      "-byte slot in $0000-$1FFF, where the direct page can point");
        }
    }
    a.mapTilesBytes = r.sizedRam(m.mapTiles);
    a.mapTiles = r.ram(m.mapTiles, a.mapTilesBytes);
    const std::uint32_t sizeBytes = bytesOf(m.mapSizeFormat);
    if (m.mapWidth) {
        a.mapWidth = r.ram(*m.mapWidth, sizeBytes);
    }
    if (m.mapHeight) {
        a.mapHeight = r.ram(*m.mapHeight, sizeBytes);
    }
    if (m.mapBytesPerRow) {
        a.mapBytesPerRow = r.ram(*m.mapBytesPerRow, 2);
    }
    if (m.mapRowOffsets) {
        const std::uint32_t bytes = r.sizedRam(*m.mapRowOffsets);
        a.mapRowOffsets = r.ram(*m.mapRowOffsets, bytes);
        a.mapRowOffsetRows = bytes / 2;
    }
    resolveCollisionMap(rom, r, a);
    for (const CaseLabel& c : m.cases) {
        a.caseLabels.push_back(c.label ? r.code(*c.label) : lineAddress(rom, c));
    }
    for (const MapVariable& v : m.mapVariables) {
        const std::uint32_t bytes = bytesOf(v.format);
        const std::uint32_t address = v.symbol ? r.symbol(*v.symbol).value : v.address;
        if (!isWram(address, bytes)) {
            throw InputError(m.path.string() + ":" + std::to_string(v.line) + ": the map variable at " +
                                  cpuAddressText(address) + " is not in work RAM");
        }
        a.mapVariables.push_back(address);
    }
    if (m.hitboxRecords) {
        resolveHitboxRecords(rom, r, *m.hitboxRecords, a);
    }
    return a;
}

} // namespace

std::filesystem::path manifestBeside(const std::filesystem::path& romPath)
{
    std::filesystem::path manifestPath = romPath;
    manifestPath.replace_extension(".manifest.toml");
    if (!std::filesystem::exists(manifestPath)) {
        manifestPath = romPath.parent_path() / "manifest.toml";
    }
    if (!std::filesystem::exists(manifestPath)) {
        throw InputError(romPath.string() + ": no manifest: looked for " + romPath.stem().string() +
                              ".manifest.toml and manifest.toml beside it (give one with --manifest)");
    }
    return manifestPath;
}

// Every field of the manifest's entity and inputs.
template <class Visit>
void forEachField(Manifest& manifest, const Visit& visit)
{
    for (QuantityField* quantity : {&manifest.xPosition, &manifest.yPosition}) {
        visit(quantity->integer);
        if (quantity->fraction) {
            visit(*quantity->fraction);
        }
    }
    for (std::optional<QuantityField>* velocity : {&manifest.xVelocity, &manifest.yVelocity}) {
        if (*velocity) {
            visit((*velocity)->integer);
            if ((*velocity)->fraction) {
                visit(*(*velocity)->fraction);
            }
        }
    }
    for (EntityField* field : {&manifest.hitboxLeft, &manifest.hitboxRight, &manifest.hitboxYOffset,
                               &manifest.hitboxHeight}) {
        visit(*field);
    }
    for (std::optional<EntityField>* field : {&manifest.collisionState, &manifest.hitboxWidth, &manifest.alive}) {
        if (*field) {
            visit(**field);
        }
    }
    if (manifest.hitboxRecords) {
        visit(manifest.hitboxRecords->pointer);
    }
    for (RoutineInput& input : manifest.inputs) {
        if (input.kind == RoutineInput::Kind::Field) {
            visit(input.field);
        }
    }
}

// The variables fields and the controller name ("at"), which must be work RAM.
void resolveVariables(ProfiledRom& rom)
{
    const Resolver r(rom);
    forEachField(rom.manifest, [&](EntityField& field) {
        if (field.at) {
            field.address = r.ram(*field.at, bytesOf(field.format));
        }
    });
    if (rom.manifest.moveAnswer && rom.manifest.moveAnswer->at) {
        MoveAnswer& answer = *rom.manifest.moveAnswer;
        answer.address = r.ram(*answer.at, bytesOf(answer.format));
    }
    if (Controller* controller = rom.manifest.controller ? &*rom.manifest.controller : nullptr) {
        controller->address = r.ram(controller->at, 2);
        if (controller->newPresses) {
            controller->newPressesAddress = r.ram(*controller->newPresses, 2);
        }
    }
}

ProfiledRom profileRom(emu::RomImage image, DebugInfo symbols, const std::filesystem::path& manifest)
{
    ProfiledRom rom;
    rom.image = std::move(image);
    rom.debug = std::move(symbols);
    rom.manifest = loadManifest(manifest);
    rom.addresses = resolve(rom);
    resolveVariables(rom);
    rom.design = readSurfaces(rom);
    mapTileIds(rom);
    return rom;
}

} // namespace tileprof
