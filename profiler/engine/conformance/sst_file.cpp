#include "profiler/engine/conformance/sst_file.hpp"

#include "base/compression.hpp"
#include "base/file_contents.hpp"
#include "base/input_error.hpp"
#include "profiler/formats/json/json_document.hpp"

#include <nlohmann/json.hpp>

#include <string_view>

namespace tileprof {
namespace {

using nlohmann::json;

bool isGzip(std::string_view bytes)
{
    return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1F
        && static_cast<unsigned char>(bytes[1]) == 0x8B;
}

std::string gunzip(std::string_view compressed, const std::string& where)
{
    std::string text = inflated(compressed, Compression::Gzip, kSstFileLimit.bytes, where);
    if (text.size() > kSstFileLimit.bytes)
        failOverLimit(where, "more than " + byteSize(kSstFileLimit.bytes) + " inflated", kSstFileLimit);
    return text;
}

json parseJson(const std::filesystem::path& path, std::string bytes, const std::string& where)
{
    if (isGzip(bytes))
        bytes = gunzip(bytes, where);
    else if (path.extension() == ".gz")
        throw InputError(where + ": not gzip data (the name ends in .gz)");
    return parseJsonDocument(bytes, where);
}

// Names the file and the test in every message about a test.
struct TestContext {
    const std::string& path;
    std::size_t number; // 1-based
    std::string_view name;

    [[noreturn]] void fail(const std::string& problem) const
    {
        std::string message = path + ": test " + std::to_string(number);
        if (!name.empty())
            message += " (\"" + std::string(name) + "\")";
        throw InputError(message + ": " + problem);
    }
};

std::string fieldName(const char* parent, const char* key)
{
    return parent ? std::string(parent) + "." + key : std::string(key);
}

const json& field(const TestContext& context, const json& object, const char* parent, const char* key)
{
    const auto found = object.find(key);
    if (found == object.end())
        context.fail("missing field \"" + fieldName(parent, key) + "\"");
    return *found;
}

// Parsed JSON holds every non-negative integer as unsigned, so negatives and fractions fail here.
bool isIntegerUpTo(const json& value, std::uint32_t max)
{
    return value.is_number_unsigned() && value.get<std::uint64_t>() <= max;
}

std::uint32_t readInteger(const TestContext& context, const json& state, const char* parent, const char* key,
                          std::uint32_t max)
{
    const json& value = field(context, state, parent, key);
    if (!isIntegerUpTo(value, max))
        context.fail("field \"" + fieldName(parent, key) + "\" must be an integer 0.." + std::to_string(max));
    return value.get<std::uint32_t>();
}

std::vector<std::pair<std::uint32_t, std::uint8_t>> readRam(const TestContext& context, const json& state,
                                                            const char* parent, std::uint32_t maxAddress)
{
    const std::string addressRule = ": address must be an integer 0.." + std::to_string(maxAddress);
    const json& ram = field(context, state, parent, "ram");
    if (!ram.is_array())
        context.fail("field \"" + fieldName(parent, "ram") + "\" must be a list of [address, byte]");
    std::vector<std::pair<std::uint32_t, std::uint8_t>> result;
    result.reserve(ram.size());
    for (const json& entry : ram) {
        const auto fail = [&](const char* problem) {
            context.fail(fieldName(parent, "ram") + "[" + std::to_string(result.size()) + "]" + problem);
        };
        if (!entry.is_array() || entry.size() != 2)
            fail(" must be [address, byte]");
        if (!isIntegerUpTo(entry[0], maxAddress))
            fail(addressRule.c_str());
        if (!isIntegerUpTo(entry[1], 0xFF))
            fail(": byte must be an integer 0..255");
        result.emplace_back(entry[0].get<std::uint32_t>(), entry[1].get<std::uint8_t>());
    }
    return result;
}

const json& readStateObject(const TestContext& context, const json& test, const char* name)
{
    const json& state = field(context, test, nullptr, name);
    if (!state.is_object())
        context.fail("field \"" + std::string(name) + "\" must be an object");
    return state;
}

SstState readSpc700State(const TestContext& context, const json& test, const char* name)
{
    const json& state = readStateObject(context, test, name);
    SstState result;
    emu::apu::Spc700Registers& regs = result.spc700;
    regs.pc = static_cast<std::uint16_t>(readInteger(context, state, name, "pc", 0xFFFF));
    regs.a = static_cast<std::uint8_t>(readInteger(context, state, name, "a", 0xFF));
    regs.x = static_cast<std::uint8_t>(readInteger(context, state, name, "x", 0xFF));
    regs.y = static_cast<std::uint8_t>(readInteger(context, state, name, "y", 0xFF));
    regs.sp = static_cast<std::uint8_t>(readInteger(context, state, name, "sp", 0xFF));
    regs.psw = static_cast<std::uint8_t>(readInteger(context, state, name, "psw", 0xFF));
    result.ram = readRam(context, state, name, 0xFFFF);
    return result;
}

SstState readState(const TestContext& context, const json& test, const char* name, SstCpu cpu)
{
    if (cpu == SstCpu::Spc700)
        return readSpc700State(context, test, name);
    const json& state = readStateObject(context, test, name);
    SstState result;
    emu::Registers& regs = result.regs;
    regs.pc = static_cast<std::uint16_t>(readInteger(context, state, name, "pc", 0xFFFF));
    regs.s = static_cast<std::uint16_t>(readInteger(context, state, name, "s", 0xFFFF));
    regs.a = static_cast<std::uint16_t>(readInteger(context, state, name, "a", 0xFFFF));
    regs.x = static_cast<std::uint16_t>(readInteger(context, state, name, "x", 0xFFFF));
    regs.y = static_cast<std::uint16_t>(readInteger(context, state, name, "y", 0xFFFF));
    regs.d = static_cast<std::uint16_t>(readInteger(context, state, name, "d", 0xFFFF));
    regs.p = static_cast<std::uint8_t>(readInteger(context, state, name, "p", 0xFF));
    regs.dbr = static_cast<std::uint8_t>(readInteger(context, state, name, "dbr", 0xFF));
    regs.pbr = static_cast<std::uint8_t>(readInteger(context, state, name, "pbr", 0xFF));
    regs.e = readInteger(context, state, name, "e", 1) != 0;
    result.ram = readRam(context, state, name, 0xFFFFFF);
    return result;
}

// An SPC700 cycle's kind: "read", "write" or "wait".
char spc700CycleKind(const json& kind)
{
    if (kind == "read")
        return 'r';
    if (kind == "write")
        return 'w';
    if (kind == "wait")
        return '-';
    return 0;
}

std::vector<SstCycle> readCycles(const TestContext& context, const json& test, SstCpu cpu)
{
    const bool spc700 = cpu == SstCpu::Spc700;
    const std::uint32_t maxAddress = spc700 ? 0xFFFF : 0xFFFFFF;
    const std::string addressRule = ": address must be null or an integer 0.." + std::to_string(maxAddress);
    const std::string shape = spc700 ? "[address, value, kind]" : "[address, value, signals]";
    const json& cycles = field(context, test, nullptr, "cycles");
    if (!cycles.is_array())
        context.fail("field \"cycles\" must be a list of " + shape);
    std::vector<SstCycle> result;
    result.reserve(cycles.size());
    for (const json& entry : cycles) {
        const auto fail = [&](const char* problem) {
            context.fail("cycles[" + std::to_string(result.size()) + "]" + problem);
        };
        if (!entry.is_array() || entry.size() != 3)
            fail((" must be " + shape).c_str());
        const json& address = entry[0];
        const json& value = entry[1];
        const json& signals = entry[2];
        SstCycle cycle{};
        if (!address.is_null()) {
            if (!isIntegerUpTo(address, maxAddress))
                fail(addressRule.c_str());
            cycle.address = address.get<std::uint32_t>();
        }
        if (!value.is_null()) {
            if (!isIntegerUpTo(value, 0xFF))
                fail(": value must be null or an integer 0..255");
            cycle.value = value.get<std::uint8_t>();
        }
        if (spc700) {
            cycle.rw = spc700CycleKind(signals);
            if (cycle.rw == 0)
                fail(": kind must be \"read\", \"write\" or \"wait\"");
        } else {
            if (!signals.is_string() || signals.get_ref<const std::string&>().size() != 8)
                fail(": signals must be 8 characters");
            const std::string& text = signals.get_ref<const std::string&>();
            if (text[3] != 'r' && text[3] != 'w' && text[3] != '-')
                fail(": signals[3] must be 'r', 'w' or '-'");
            cycle.rw = text[3];
            cycle.vda = text[0] == 'd';
            cycle.vpa = text[1] == 'p';
        }
        // A read's value may be unknown (open bus); a write's is what the CPU put out, always.
        if (cycle.rw == 'w' && !cycle.value)
            fail(": a write's value must be an integer 0..255, not null");
        result.push_back(cycle);
    }
    return result;
}

// A test's initial state tells its layout; one too broken to tell is the 65816's, whose messages
// then name what is missing.
SstCpu layoutOfTest(const json& test)
{
    if (!test.is_object())
        return SstCpu::W65816;
    const auto initial = test.find("initial");
    if (initial == test.end() || !initial->is_object() || !initial->contains("psw"))
        return SstCpu::W65816;
    return SstCpu::Spc700;
}

// Whether the test's initial state has a register only the other CPU has: a test of the wrong
// layout, not one missing a field.
bool hasOtherCpusState(const json& test, SstCpu cpu)
{
    const auto initial = test.find("initial");
    if (initial == test.end() || !initial->is_object())
        return false;
    const auto has = [&](const char* key) { return initial->contains(key); };
    return cpu == SstCpu::Spc700 ? has("dbr") || has("pbr") || has("e") : has("psw") || has("sp");
}

SstTest readTest(TestContext& context, const json& test, SstCpu cpu)
{
    if (!test.is_object())
        context.fail("must be an object {name, initial, final, cycles}");
    const json& name = field(context, test, nullptr, "name");
    if (!name.is_string())
        context.fail("field \"name\" must be a string");
    context.name = name.get_ref<const std::string&>();
    if (hasOtherCpusState(test, cpu))
        context.fail(cpu == SstCpu::Spc700 ? "is a 65816 test (its initial state has dbr, pbr or e) in an SPC700 file: "
                                             "every test of a file has the first test's layout"
                                           : "is an SPC700 test (its initial state has psw or sp) in a 65816 file: every "
                                             "test of a file has the first test's layout");
    SstTest result;
    result.name = context.name;
    result.initial = readState(context, test, "initial", cpu);
    result.final = readState(context, test, "final", cpu);
    result.cycles = readCycles(context, test, cpu);
    return result;
}


} // namespace

SstFile readSstFile(const std::filesystem::path& path)
{
    return parseSstFile(path, readFileContents(path, path.string(), kSstFileLimit));
}

SstFile parseSstFile(const std::filesystem::path& path, std::string bytes)
{
    SstFile file;
    file.path = path.string();
    const json document = parseJson(path, std::move(bytes), file.path);
    if (!document.is_array())
        throw InputError(file.path + ": expected a JSON array of tests");
    if (document.empty())
        throw InputError(file.path + ": holds no tests (an empty array)");
    file.cpu = layoutOfTest(document.front());
    file.tests.reserve(document.size());
    for (const json& test : document) {
        TestContext context{file.path, file.tests.size() + 1, {}};
        file.tests.push_back(readTest(context, test, file.cpu));
    }
    file.busSignals = std::any_of(file.tests.begin(), file.tests.end(), [](const SstTest& test) {
        return std::any_of(test.cycles.begin(), test.cycles.end(),
                           [](const SstCycle& cycle) { return cycle.vda || cycle.vpa; });
    });
    return file;
}

} // namespace tileprof
