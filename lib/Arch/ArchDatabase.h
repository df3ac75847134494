//===- ArchDatabase.h - arch/*.yaml: loading, validation, lookup -*- C++
//-*-===//
//
// One YAML file per GPU (docs/arch.md): every value with its provenance
// (kind and source). parseArchYaml reads one file through llvm::yaml and
// validates it (schema tag, required keys by compute capability, types,
// units and ranges, unknown keys, provenance kinds, declared sources, id =
// file stem); a broken file gives an llvm::Error naming the file, the
// line:column, the key and the problem, one line per problem.
//
// ArchDatabase holds the files built into warplint (arch/*.yaml, embedded
// at build time) plus any directory the user adds, and finds a GPU by id
// ("a100_sxm4_40gb") or by the sm_XX name it stands for ("sm_80").
//
// Depends on lib/Facts, lib/Warp and LLVM Support only: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ARCH_ARCHDATABASE_H
#define WARPLINT_ARCH_ARCHDATABASE_H

#include "Facts/ArchSpec.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace warplint {

/// The schema tag every file starts with.
inline constexpr const char *ArchSchemaTag = "warplint-arch/1";

/// Parses and validates one architecture file. \p FileName is used in
/// messages and for the id check (the id must equal its stem; no check
/// when \p FileName is empty).
llvm::Expected<ArchSpec> parseArchYaml(llvm::StringRef Text,
                                       llvm::StringRef FileName);

/// Reads \p Path and parses it with parseArchYaml.
llvm::Expected<ArchSpec> loadArchFile(llvm::StringRef Path);

/// "sm_80", "sm_90a", "sm_100f", "compute_75" -> {8, 0}, {9, 0}, {10, 0},
/// {7, 5}; std::nullopt for anything else.
std::optional<std::pair<int, int>> parseSmName(llvm::StringRef Name);

/// One file compiled into warplint.
struct ArchFileText {
  llvm::StringRef Name; ///< "a100_sxm4_40gb.yaml"
  llvm::StringRef Text;
};
/// The embedded arch/*.yaml files, sorted by name.
std::vector<ArchFileText> builtinArchFiles();

/// The assumption to state when \p Requested (an sm_XX name) was resolved
/// to \p Spec of another compute capability of the same major ("sm_35 has
/// no architecture file of its own: jetson_tk1 (..., compute capability
/// 3.2) stands for it"); empty when \p Spec has exactly that compute
/// capability or \p Requested is not an sm_XX name.
std::string standInNote(llvm::StringRef Requested, const ArchSpec &Spec);

class ArchDatabase {
public:
  ArchDatabase() = default;

  /// The embedded arch/*.yaml files. Fails only if a built-in file is
  /// broken or two claim the same sm_XX (a build error, caught by the tests).
  static llvm::Expected<ArchDatabase> builtin();

  /// Loads every *.yaml / *.yml file of \p Dir. A file whose id is already
  /// known replaces that GPU; an sm_XX it stands for is taken over from the
  /// file that stood for it before. Nothing is added when any file fails;
  /// the error lists every broken file.
  llvm::Error addDirectory(llvm::StringRef Dir);

  /// Loads one file (a user's --arch=path.yaml) and adds it like
  /// addDirectory; returns the added GPU.
  llvm::Expected<const ArchSpec *> addFile(llvm::StringRef Path);

  /// Adds (or replaces, by id) a GPU built in code or parsed elsewhere.
  llvm::Error add(ArchSpec Spec);

  /// By id, or by sm_XX name (suffixes a/f ignored: "sm_90a" finds what
  /// "sm_90" finds). nullptr when unknown. Paths are loadArchFile's job.
  const ArchSpec *find(llvm::StringRef NameOrIdOrSm) const;

  /// find(), or an error that says what is known: the ids, and the sm_XX
  /// names with the GPU standing for each.
  llvm::Expected<const ArchSpec *> resolve(llvm::StringRef Name) const;

  /// Every GPU, sorted by compute capability, then id.
  std::vector<const ArchSpec *> all() const;

  /// Every sm_XX some GPU stands for, with that GPU, sorted by compute
  /// capability.
  std::vector<std::pair<std::string, const ArchSpec *>> smTable() const;

private:
  llvm::Error addLayer(std::vector<ArchSpec> Layer);

  std::map<std::string, ArchSpec> Specs;     ///< by id
  std::map<std::string, std::string> SmToId; ///< "sm_80" -> id
};

} // namespace warplint

#endif
