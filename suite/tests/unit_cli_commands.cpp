// label unit: the command line's subcommands (cli/options.hpp) and their flag spellings
// (cli/mode_flags.hpp): each subcommand and its flag make the same request, each takes only
// its own options, and --help answers for the command it follows.
#include "cli/options.hpp"

#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace clgauge {
namespace {

using Args = std::vector<std::string>;

// What a request does, as text, to hold two spellings of it to each other.
std::string request_text(const Args& args) {
    const RunRequest r = request_for(parse_cli(args));
    std::string t = "mode " + std::to_string(r.mode.index()) + " only " + r.only + " baselines " +
                    r.baselines + " json " + json_report_file(r) + " budget " +
                    std::to_string(r.options.budget.seconds) + " devices";
    for (const auto& d : r.devices)
        t += " " + d;
    if (const auto* rec = std::get_if<RecordMode>(&r.mode))
        t += " rounds " + std::to_string(rec->rounds);
    if (const auto* s = std::get_if<SweepMode>(&r.mode))
        for (const auto& n : s->names)
            t += " sweep " + n;
    if (const auto* b = std::get_if<BuildOnlyMode>(&r.mode)) t += b->worker ? " worker" : "";
    return t;
}

TEST(CliCommands, TheSubcommandAndItsFlagMakeOneRequest) {
    const std::vector<std::pair<Args, Args>> same = {
        {{"H200", "--check", "--json", "v.json"}, {"check", "H200", "--json", "v.json"}},
        {{"--record", "--rounds", "5", "0"}, {"record", "0", "--rounds", "5"}},
        {{"NVIDIA", "--audit", "--only", "mma.*"}, {"audit", "--only", "mma.*", "NVIDIA"}},
        {{"--sweep", "fma,stream", "1"}, {"sweep", "fma,stream", "1"}},
        {{"--build-only", "--build-queue", "--budget-ms", "20"},
         {"build", "--build-queue", "--budget-ms", "20"}},
        {{"--only", "fp*", "--json", "r.json", "0"},
         {"run", "0", "--only", "fp*", "--json", "r.json"}},
        {{}, {"run"}},
    };
    for (const auto& [flags, subcommand] : same)
        EXPECT_EQ(request_text(flags), request_text(subcommand)) << subcommand[0];
    // and the requests differ where the commands do
    EXPECT_NE(request_text({"check"}), request_text({"run"}));
}

TEST(CliCommands, ACommandTakesOnlyItsOwnOptions) {
    try {
        parse_cli({"check", "--rounds", "3"});
        FAIL() << "check took --rounds";
    } catch (const UsageError& e) {
        EXPECT_NE(std::string(e.what()).find("--rounds applies to clgauge record, not to clgauge "
                                             "check"),
                  std::string::npos)
            << e.what();
    }
    EXPECT_THROW(parse_cli({"list", "gadgets"}), UsageError);
    EXPECT_THROW(parse_cli({"compare", "a.json", "b.json", "NVIDIA"}), UsageError);
    EXPECT_THROW(parse_cli({"--check", "--record"}), UsageError);
    EXPECT_EQ(parse_cli({"list", "sweeps"}).list, Listing::Sweeps);
    EXPECT_EQ(parse_cli({"--list-benchmarks"}).list, Listing::Benchmarks);
    EXPECT_EQ(parse_cli({"list"}).list, Listing::Devices);
}

TEST(CliCommands, HelpAnswersForTheCommandItFollows) {
    EXPECT_EQ(parse_cli({"--help"}).help, usage_text());
    EXPECT_EQ(parse_cli({"NVIDIA", "-h"}).help, usage_text());
    const std::string check = parse_cli({"check", "--help"}).help;
    EXPECT_NE(check.find("--allow-fixed"), std::string::npos) << check;
    EXPECT_EQ(check.find("--rounds"), std::string::npos) << check;
    EXPECT_EQ(parse_cli({"--record", "--help"}).help, parse_cli({"record", "-h"}).help);
    EXPECT_NE(parse_cli({"record", "-h"}).help.find("--tolerance-floor"), std::string::npos);
    // The program's help names every subcommand.
    for (const std::string& name : command_names())
        EXPECT_NE(std::string(usage_text()).find("\n  " + name + " "), std::string::npos) << name;
}

} // namespace
} // namespace clgauge
