#include "profiler/bench/workload.hpp"
#include "profiler/cli/bench_command.hpp"
#include "profiler/cli/exit_codes.hpp"
#include "profiler/cli/rom_command.hpp"
#include "profiler/cli/run_command.hpp"
#include "profiler/cli/sst_command.hpp"
#include "profiler/cli/validate_command.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>

int main(int argc, char** argv)
{
    using namespace tileprof;
    CLI::App app{"tileprof: a cycle-accurate 65816 emulator for profiling SNES code"};
    app.require_subcommand(1);

    RunCommandOptions runOptions;
    CLI::App* run = app.add_subcommand("run", "Run scenarios and report the cost of every case (default: all in scripts/)");
    run->add_option("scenarios", runOptions.scenarios, "Scenario files (.toml)");
    run->add_option("--format", runOptions.format, "Report format")->check(CLI::IsMember({"table", "json"}));
    run->add_flag("--allow-invalid-map", runOptions.allowInvalidMap,
                  "Run maps that break the slope placement rules (to see the clip or zip they cause)");

    std::vector<std::string> sstFiles;
    bool sstQuiet = false;
    CLI::App* sst = app.add_subcommand("sst", "Run SingleStepTests-format CPU test vectors (.json or .json.gz)");
    sst->add_option("files", sstFiles, "Vector files")->required();
    sst->add_flag("-q,--quiet", sstQuiet, "Print only the final count");

    std::vector<std::string> romFiles;
    CLI::App* rom = app.add_subcommand("rom", "Inspect LoROM images: header, size, checksum");
    rom->add_option("files", romFiles, "ROM files (.sfc, or .smc with a copier header)")->required();

    std::vector<std::string> validateFiles;
    CLI::App* validate = app.add_subcommand("validate", "Check maps against the slope placement rules");
    validate->add_option("files", validateFiles, "Scenario (.toml) or Tiled map (.tmj) files")->required();

    unsigned benchRepeats = 3;
    std::uint64_t benchInstructions = kWorkloadInstructions;
    CLI::App* bench = app.add_subcommand("bench", "Measure emulation speed on the W8/W16 workloads");
    bench->add_option("--repeat", benchRepeats, "Runs per configuration; the fastest is reported")
        ->check(CLI::Range(1u, 100u));
    bench->add_option("--instructions", benchInstructions,
                      "Instructions per run (the design's totals are checked only at 50000000)")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return kExitBadInput;
    }

    if (*run) {
        return runRunCommand(runOptions);
    }
    if (*sst) {
        return runSstCommand(sstFiles, sstQuiet);
    }
    if (*rom) {
        return runRomCommand(romFiles);
    }
    if (*validate) {
        return runValidateCommand(validateFiles);
    }
    return runBenchCommand(benchRepeats, benchInstructions);
}
