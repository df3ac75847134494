//===- ArchValidationTest.cpp - Validating one arch/*.yaml file -----------===//
//
// Every problem of a broken file is reported with its file, line:column,
// key and a message that says what is wrong (and, where it can, what was
// meant). The shipped files and the lookup are ArchTest.cpp.
//
//===----------------------------------------------------------------------===//
#include "Arch/ArchDatabase.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "ArchTestHelpers.h"

using namespace warplint;

namespace {

//===----------------------------------------------------------------------===//
// Validation
//===----------------------------------------------------------------------===//

/// "LINE:COL" of the first occurrence of \p Needle in \p Text (1-based).
std::string positionOf(const std::string &Text, const std::string &Needle) {
  size_t At = Text.find(Needle);
  EXPECT_NE(At, std::string::npos) << Needle;
  size_t LineStart = Text.rfind('\n', At);
  LineStart = LineStart == std::string::npos ? 0 : LineStart + 1;
  unsigned Line = 1 + std::count(Text.begin(), Text.begin() + At, '\n');
  return std::to_string(Line) + ":" + std::to_string(At - LineStart + 1);
}

std::string parseError(const std::string &Text,
                       llvm::StringRef File = "mini.yaml") {
  llvm::Expected<ArchSpec> S = parseArchYaml(Text, File);
  if (S) {
    ADD_FAILURE() << "expected an error";
    return "";
  }
  return errorText(S.takeError());
}

TEST(ArchValidationTest, MiniFileIsValid) {
  llvm::Expected<ArchSpec> S = parseArchYaml(miniText(), "mini.yaml");
  ASSERT_TRUE(bool(S)) << errorText(S.takeError());
  EXPECT_EQ(S->Id, "mini");
  EXPECT_EQ(S->Major, 8);
  EXPECT_EQ(S->SmCount, 4u);
  EXPECT_EQ(S->RegScope, RegAllocScope::Warp);
  EXPECT_EQ(S->SmemCarveoutsKB.back(), 100u);
  EXPECT_EQ(S->Sources.at("max_blocks_per_sm").Source, "occ");
  EXPECT_EQ(S->Citations.at("occ"), "The occupancy calculator");
}

TEST(ArchValidationTest, BrokenYamlSyntaxNamesFileAndPlace) {
  std::string E =
      parseError(miniWith("  sm_count: {value: 4, kind: spec, source: vendor}",
                          "  sm_count: {value: 4, kind: spec, source: vendor"));
  EXPECT_CONTAINS(E, "mini.yaml:");
  EXPECT_CONTAINS(E, "YAML syntax error");
  // Tabs are not YAML indentation.
  std::string E2 = parseError(miniWith("  sm_count:", "\tsm_count:"));
  EXPECT_CONTAINS(E2, "mini.yaml:9:");
  EXPECT_CONTAINS(E2, "YAML syntax error");
}

TEST(ArchValidationTest, MissingRequiredKey) {
  std::string E = parseError(
      miniWith("  sm_count: {value: 4, kind: spec, source: vendor}\n", ""));
  // Reported at the 'values' mapping, which starts on line 8, column 3.
  EXPECT_CONTAINS(E, "mini.yaml:8:3: values: missing required key 'sm_count' "
                     "(required for every GPU)");
  // Which keys are required depends on the compute capability: 1.x needs
  // transaction sizes, and has no carveouts.
  std::string E2 = parseError(miniWith("\"8.0\"", "\"1.3\""));
  EXPECT_CONTAINS(E2,
                  "missing required key 'transaction_sizes_bytes' (required "
                  "for compute capability 1.x)");
  EXPECT_CONTAINS(E2,
                  "values.smem_carveouts_kb: only for compute capability 7.0 "
                  "and later; this GPU is 1.3");
  // 7.0 and later need carveouts.
  std::string E3 = parseError(miniWith("  smem_carveouts_kb: {value: [0, 8, "
                                       "16, 32, 64, 100], kind: rule, source: "
                                       "occ}\n",
                                       ""));
  EXPECT_CONTAINS(E3, "missing required key 'smem_carveouts_kb' (required for "
                      "compute capability 7.0 and later)");
  // Unhashed partitions need their count and width.
  std::string E4 = parseError(miniWith("{value: true,", "{value: false,"));
  EXPECT_CONTAINS(E4,
                  "missing required keys 'mem_partitions', "
                  "'partition_width_bytes' (required when partitions_hashed "
                  "is false: the channel-skew model needs them)");
  // A value entry needs its provenance.
  std::string E5 = parseError(
      miniWith(", kind: spec, source: vendor}\n  core", "}\n  core"));
  EXPECT_CONTAINS(E5, "values.sm_count: missing required key 'kind'");
  EXPECT_CONTAINS(E5, "values.sm_count: missing required key 'source'");
  // Top level.
  std::string E6 = parseError(miniWith("schema: warplint-arch/1\n", ""));
  EXPECT_CONTAINS(E6, "missing required key 'schema'");
}

TEST(ArchValidationTest, WrongType) {
  std::string T = miniWith("{value: 4,", "{value: many,");
  EXPECT_CONTAINS(parseError(T), "mini.yaml:" + positionOf(T, "many") +
                                     ": values.sm_count.value: expected a "
                                     "non-negative integer, got 'many'");
  // A quoted number is a string.
  std::string T2 = miniWith("{value: 1000,", "{value: \"1000\",");
  EXPECT_CONTAINS(parseError(T2),
                  "values.core_clock_mhz.value: expected a number "
                  "(in MHz), got the string '1000'");
  // A bare value without provenance.
  std::string T3 = miniWith("{value: 4, kind: spec, source: vendor}", "4");
  EXPECT_CONTAINS(parseError(T3),
                  "values.sm_count: expected {value: ..., kind: ..., source: "
                  "...}, got a scalar");
  std::string T4 =
      miniWith("{value: warp, kind: rule", "{value: thread, kind: rule");
  EXPECT_CONTAINS(parseError(T4),
                  "values.reg_alloc_scope.value: expected one of "
                  "block, warp, got 'thread'");
  std::string T5 = miniWith("{value: true,", "{value: yes,");
  EXPECT_CONTAINS(
      parseError(T5),
      "values.partitions_hashed.value: expected true or false, got 'yes'");
  std::string T6 = miniWith("\"8.0\"", "\"8\"");
  EXPECT_CONTAINS(parseError(T6), "values.compute_capability.value: expected a "
                                  "compute capability written MAJOR.MINOR");
}

TEST(ArchValidationTest, OutOfRangeValue) {
  std::string T = miniWith("{value: 4,", "{value: 2000,");
  EXPECT_CONTAINS(parseError(T),
                  "mini.yaml:" + positionOf(T, "2000") +
                      ": values.sm_count.value: 2000 is out of "
                      "range: sm_count must be between 1 and 1024");
  // A clock in GHz under a key in MHz.
  std::string T2 = miniWith("{value: 1000,", "{value: 1.41,");
  std::string E2 = parseError(T2);
  EXPECT_CONTAINS(E2, "values.core_clock_mhz.value: 1.41 is out of range: "
                      "core_clock_mhz must be between 50 and 5000 MHz");
  EXPECT_CONTAINS(E2, "is it in GHz?");
  std::string T3 =
      miniWith("{value: 128, kind: rule", "{value: 100, kind: rule");
  EXPECT_CONTAINS(
      parseError(T3),
      "values.smem_alloc_unit_bytes.value: 100 must be a power of two");
  // Values that contradict each other: 64 warps * 32 = 2048 threads, not 1024.
  std::string T4 =
      miniWith("{value: 2048, kind: rule", "{value: 1024, kind: rule");
  EXPECT_CONTAINS(parseError(T4),
                  "values.max_warps_per_sm.value: 64 warps of 32 "
                  "threads are not max_threads_per_sm (1024)");
  // The largest carveout is the shared memory per SM: 100 KiB = 102400.
  std::string T5 = miniWith("64, 100]", "64, 96]");
  EXPECT_CONTAINS(parseError(T5), "the largest carveout (96 KiB = 98304 bytes) "
                                  "must equal smem_per_sm_bytes (102400)");
  std::string T6 = miniWith("[0, 8, 16,", "[8, 0, 16,");
  EXPECT_CONTAINS(parseError(T6), "values.smem_carveouts_kb.value[1]: the list "
                                  "must be in increasing order");
}

TEST(ArchValidationTest, UnknownKeyWithSuggestion) {
  std::string T = miniWith("  sm_count:", "  sm_cout:");
  std::string E = parseError(T);
  EXPECT_CONTAINS(
      E, "mini.yaml:" + positionOf(T, "sm_cout") +
             ": values.sm_cout: unknown key; did you mean 'sm_count'?");
  std::string T2 = miniWith("kind: spec, source: vendor}\n  core",
                            "kind: spec, source: vendor, notes: x}\n  core");
  EXPECT_CONTAINS(parseError(T2),
                  "values.sm_count.notes: unknown key; did you mean 'note'?");
  std::string T3 = miniWith("name:", "nmae:");
  EXPECT_CONTAINS(parseError(T3), "nmae: unknown key; did you mean 'name'?");
  // Far from every key: no suggestion.
  std::string T4 = miniWith("  sm_count:", "  tensor_cores_per_sm:");
  std::string E4 = parseError(T4);
  EXPECT_CONTAINS(E4, "values.tensor_cores_per_sm: unknown key");
  EXPECT_EQ(E4.find("tensor_cores_per_sm: unknown key; did you mean"),
            std::string::npos)
      << E4;
}

TEST(ArchValidationTest, UnknownProvenanceKind) {
  std::string T = miniWith("{value: 4, kind: spec", "{value: 4, kind: guess");
  std::string E = parseError(T);
  EXPECT_CONTAINS(
      E, "mini.yaml:" + positionOf(T, "guess") +
             ": values.sm_count.kind: unknown provenance kind 'guess'");
  EXPECT_CONTAINS(E, "known: spec, reported, measured");
  // 'unknown' is for a value that is not known, and only then.
  std::string T2 =
      miniWith("{value: 1000, kind: spec", "{value: 1000, kind: unknown");
  EXPECT_CONTAINS(parseError(T2),
                  "values.core_clock_mhz.kind: 'unknown' is for a "
                  "missing value");
  std::string T3 =
      miniWith("{value: 1000, kind: spec", "{value: null, kind: spec");
  EXPECT_CONTAINS(parseError(T3), "values.core_clock_mhz.value: null is only "
                                  "allowed with 'kind: unknown'");
  // What the occupancy rules need cannot be unknown.
  std::string T4 =
      miniWith("{value: 4, kind: spec", "{value: null, kind: unknown");
  EXPECT_CONTAINS(parseError(T4), "values.sm_count.value: must have a value");
  // A clock may be unknown.
  std::string T5 =
      miniWith("{value: 1000, kind: spec", "{value: null, kind: unknown");
  llvm::Expected<ArchSpec> S = parseArchYaml(T5, "mini.yaml");
  ASSERT_TRUE(bool(S)) << errorText(S.takeError());
  EXPECT_EQ(S->CoreClockMHz, 0);
  EXPECT_EQ(S->Sources.at("core_clock_mhz").Kind, ProvenanceKind::Unknown);
}

TEST(ArchValidationTest, UndeclaredSource) {
  std::string T = miniWith("{value: 4, kind: spec, source: vendor}",
                           "{value: 4, kind: spec, source: vendr}");
  EXPECT_CONTAINS(parseError(T),
                  "mini.yaml:" + positionOf(T, "vendr") +
                      ": values.sm_count.source: source 'vendr' is "
                      "not declared under 'sources'; did you mean "
                      "'vendor'?");
}

TEST(ArchValidationTest, IdMustEqualTheFileStem) {
  std::string E = parseError(miniText(), "dir/other.yaml");
  EXPECT_CONTAINS(E,
                  "dir/other.yaml:2:5: id: 'mini' does not match the file name "
                  "'other.yaml'");
  EXPECT_CONTAINS(
      parseError(miniWith("id: mini", "id: Mini-GPU"), "Mini-GPU.yaml"),
      "id: 'Mini-GPU' must use only a-z, 0-9 and '_'");
}

TEST(ArchValidationTest, SchemaTagAndStandsFor) {
  EXPECT_CONTAINS(parseError(miniWith("warplint-arch/1", "warplint-arch/2")),
                  "mini.yaml:1:9: schema: unsupported schema version "
                  "'warplint-arch/2'");
  // A GPU stands only for sm_XX of its own major version.
  std::string T =
      miniWith("name: \"Mini GPU\"\n",
               "name: \"Mini GPU\"\nstands_for: [sm_80, sm_90, sm80]\n");
  std::string E = parseError(T);
  EXPECT_CONTAINS(E,
                  "stands_for[1]: 'sm_90' is compute capability 9.0, but this "
                  "GPU is 8.0");
  EXPECT_CONTAINS(E, "stands_for[2]: 'sm80' is not an architecture name");
  EXPECT_EQ(E.find("stands_for[0]"), std::string::npos) << E;
}

TEST(ArchValidationTest, EveryProblemIsReported) {
  std::string T = miniWith("{value: 4,", "{value: 0,");
  replaceFirst(T, "{value: 1000,", "{value: 9000,");
  std::string E = parseError(T);
  EXPECT_CONTAINS(E, "values.sm_count.value: 0 is out of range");
  EXPECT_CONTAINS(E, "values.core_clock_mhz.value: 9000 is out of range");
  EXPECT_EQ(std::count(E.begin(), E.end(), '\n'), 1) << E;
}

// Found by test/fuzz/arch_yaml_fuzzer: a file nested more than 32 levels
// deep was refused, but then skipped level by level, twice per level (2^33
// node walks, minutes); it is refused at once.
TEST(ArchValidationTest, DeepNestingIsRefusedAtOnce) {
  std::string T = "schema: warplint-arch/1\nvalues:\n";
  for (int I = 0; I < 40; ++I)
    T += std::string(2 + 2 * I, ' ') + "k" + std::to_string(I) + ":\n";
  EXPECT_CONTAINS(parseError(T), "nesting too deep for an architecture file");
  // The fuzzer's input, minimized: 31 unclosed flow sequences and a key.
  EXPECT_CONTAINS(parseError("r: " + std::string(31, '[') + "a:\n:"),
                  "mini.yaml:");
}

TEST(ArchValidationTest, UnreadableFile) {
  llvm::Expected<ArchSpec> S = loadArchFile("/nonexistent/dir/x.yaml");
  ASSERT_FALSE(bool(S));
  EXPECT_CONTAINS(errorText(S.takeError()),
                  "cannot read architecture file '/nonexistent/dir/x.yaml'");
}

} // namespace
