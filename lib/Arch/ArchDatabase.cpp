//===- ArchDatabase.cpp - The built-in GPUs and the user's ----------------===//
#include "Arch/ArchDatabase.h"

// Only for the warplint::EmbeddedFile struct the generated table uses
// (cmake/EmbedFiles.cmake); nothing of the frontend is linked.
#include "Frontend/BuiltinHeaders.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <set>
#include <tuple>

using namespace llvm;

namespace {
#include "BuiltinArchs.inc"
} // namespace

namespace warplint {

std::vector<ArchFileText> builtinArchFiles() {
  std::vector<ArchFileText> Files;
  for (const EmbeddedFile &F : EmbeddedFiles) {
    StringRef Name = F.Name;
    // Only the GPU files; anything else in arch/ (an editor's backup) is not
    // part of the database.
    if (Name.contains('/') ||
        !(Name.ends_with(".yaml") || Name.ends_with(".yml")))
      continue;
    Files.push_back({Name, F.Contents});
  }
  return Files;
}

static std::string ccText(int Major, int Minor) {
  return std::to_string(Major) + "." + std::to_string(Minor);
}

std::string standInNote(StringRef Requested, const ArchSpec &Spec) {
  auto CC = parseSmName(Requested);
  if (!CC || (CC->first == Spec.Major && CC->second == Spec.Minor))
    return "";
  return (Requested + " (compute capability " + ccText(CC->first, CC->second) +
          ") has no architecture file of its own: " + Spec.Id + " (" +
          Spec.Name + ", compute capability " + ccText(Spec.Major, Spec.Minor) +
          ") stands for it; see docs/arch.md for how they differ")
      .str();
}

/// "sm_90a" -> "sm_90", "compute_75" -> "sm_75".
static std::string canonicalSm(StringRef Name) {
  auto CC = parseSmName(Name);
  if (!CC)
    return "";
  return "sm_" + std::to_string(CC->first) + std::to_string(CC->second);
}

Expected<ArchDatabase> ArchDatabase::builtin() {
  std::vector<ArchSpec> Layer;
  std::string Errors;
  for (const ArchFileText &F : builtinArchFiles()) {
    Expected<ArchSpec> S = parseArchYaml(F.Text, ("arch/" + F.Name).str());
    if (!S) {
      Errors += (Errors.empty() ? "" : "\n") + toString(S.takeError());
      continue;
    }
    Layer.push_back(std::move(*S));
  }
  if (!Errors.empty())
    return createStringError(inconvertibleErrorCode(),
                             "broken built-in architecture file:\n" + Errors);
  ArchDatabase DB;
  if (Error E = DB.addLayer(std::move(Layer)))
    return E;
  return DB;
}

Error ArchDatabase::addDirectory(StringRef Dir) {
  std::error_code EC;
  std::vector<std::string> Paths;
  for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    StringRef P = It->path();
    if (P.ends_with(".yaml") || P.ends_with(".yml"))
      Paths.push_back(P.str());
  }
  if (EC)
    return createStringError(EC, "cannot read architecture directory '" + Dir +
                                     "': " + EC.message());
  std::sort(Paths.begin(), Paths.end());
  std::vector<ArchSpec> Layer;
  std::string Errors;
  for (const std::string &P : Paths) {
    Expected<ArchSpec> S = loadArchFile(P);
    if (!S) {
      Errors += (Errors.empty() ? "" : "\n") + toString(S.takeError());
      continue;
    }
    Layer.push_back(std::move(*S));
  }
  if (!Errors.empty())
    return createStringError(inconvertibleErrorCode(), Errors);
  return addLayer(std::move(Layer));
}

Expected<const ArchSpec *> ArchDatabase::addFile(StringRef Path) {
  Expected<ArchSpec> S = loadArchFile(Path);
  if (!S)
    return S.takeError();
  std::string Id = S->Id;
  std::vector<ArchSpec> Layer;
  Layer.push_back(std::move(*S));
  if (Error E = addLayer(std::move(Layer)))
    return E;
  return &Specs.at(Id);
}

Error ArchDatabase::add(ArchSpec Spec) {
  std::vector<ArchSpec> Layer;
  Layer.push_back(std::move(Spec));
  return addLayer(std::move(Layer));
}

Error ArchDatabase::addLayer(std::vector<ArchSpec> Layer) {
  // Within one layer (the built-in set, one directory) an id and an sm_XX
  // may each appear once; across layers the later one wins.
  std::map<std::string, const ArchSpec *> Ids, Claims;
  std::map<std::string, std::string> ClaimIds; // survives the moves below
  std::string Errors;
  auto Where = [](const ArchSpec &S) {
    return S.File.empty() ? "'" + S.Id + "'" : S.File;
  };
  for (const ArchSpec &S : Layer) {
    if (S.Id.empty()) {
      Errors += "\nan architecture has no id";
      continue;
    }
    auto [It, New] = Ids.emplace(S.Id, &S);
    if (!New)
      Errors += "\n" + Where(S) + ": id '" + S.Id + "' is also used by " +
                Where(*It->second);
    for (const std::string &Sm : S.StandsFor) {
      auto [CIt, CNew] = Claims.emplace(canonicalSm(Sm), &S);
      if (!CNew)
        Errors += "\n" + Where(S) + ": " + Sm + " is also claimed by " +
                  Where(*CIt->second) + " (one GPU stands for each sm_XX)";
      ClaimIds[canonicalSm(Sm)] = S.Id;
    }
  }
  if (!Errors.empty())
    return createStringError(inconvertibleErrorCode(),
                             StringRef(Errors).drop_front());

  for (ArchSpec &S : Layer) {
    std::string Id = S.Id;
    // A replaced GPU keeps the sm_XX it stood for, unless the new file is of
    // another major version (then it cannot stand for them).
    for (auto It = SmToId.begin(); It != SmToId.end();) {
      auto CC = parseSmName(It->first);
      if (It->second == Id && CC && CC->first != S.Major)
        It = SmToId.erase(It);
      else
        ++It;
    }
    Specs[Id] = std::move(S);
  }
  for (const auto &[Sm, Id] : ClaimIds)
    SmToId[Sm] = Id;
  return Error::success();
}

const ArchSpec *ArchDatabase::find(StringRef Name) const {
  auto It = Specs.find(Name.str());
  if (It != Specs.end())
    return &It->second;
  std::string Sm = canonicalSm(Name.lower());
  if (Sm.empty())
    return nullptr;
  auto SIt = SmToId.find(Sm);
  if (SIt == SmToId.end())
    return nullptr;
  auto IdIt = Specs.find(SIt->second);
  return IdIt == Specs.end() ? nullptr : &IdIt->second;
}

Expected<const ArchSpec *> ArchDatabase::resolve(StringRef Name) const {
  if (const ArchSpec *S = find(Name))
    return S;
  std::vector<std::string> Ids, Sms;
  for (const ArchSpec *S : all())
    Ids.push_back(S->Id);
  for (const auto &[Sm, S] : smTable())
    Sms.push_back(Sm + " (" + S->Id + ")");
  std::string Known = "\nknown GPUs: " + join(Ids, ", ") +
                      "\nknown architectures: " + join(Sms, ", ") +
                      "\na GPU of your own: write an architecture file "
                      "(docs/arch.md) and pass its path";

  if (auto CC = parseSmName(Name.lower()))
    return createStringError(
        inconvertibleErrorCode(),
        "no architecture file stands for " + canonicalSm(Name.lower()) +
            " (compute capability " + ccText(CC->first, CC->second) +
            "): warplint knows no GPU of compute capability " +
            std::to_string(CC->first) + ".x" + Known);
  if (Name.ends_with(".yaml") || Name.ends_with(".yml") || Name.contains('/'))
    return createStringError(inconvertibleErrorCode(),
                             "'" + Name +
                                 "' looks like a file name: it is loaded as an "
                                 "architecture file, not looked up by name");
  // Did-you-mean: ids that contain the name, else the closest by edits.
  std::vector<std::string> Near;
  std::string Lower = Name.lower();
  for (const std::string &Id : Ids)
    if (!Lower.empty() && StringRef(Id).contains(Lower))
      Near.push_back(Id);
  if (Near.empty()) {
    unsigned Best = ~0u;
    for (const std::string &Id : Ids) {
      unsigned D = StringRef(Id).edit_distance(Lower);
      if (D < Best)
        Best = D, Near = {Id};
      else if (D == Best)
        Near.push_back(Id);
    }
    if (Best > std::max<size_t>(2, Lower.size() / 3))
      Near.clear();
  }
  std::string Hint;
  if (Near.size() == 1)
    Hint = "; did you mean '" + Near.front() + "'?";
  else if (!Near.empty())
    Hint = "; did you mean one of: " + join(Near, ", ") + "?";
  return createStringError(inconvertibleErrorCode(),
                           "unknown GPU architecture '" + Name + "'" + Hint +
                               Known);
}

std::vector<const ArchSpec *> ArchDatabase::all() const {
  std::vector<const ArchSpec *> Out;
  for (const auto &[Id, S] : Specs)
    Out.push_back(&S);
  std::sort(Out.begin(), Out.end(), [](const ArchSpec *A, const ArchSpec *B) {
    return std::tie(A->Major, A->Minor, A->Id) <
           std::tie(B->Major, B->Minor, B->Id);
  });
  return Out;
}

std::vector<std::pair<std::string, const ArchSpec *>>
ArchDatabase::smTable() const {
  std::vector<std::pair<std::string, const ArchSpec *>> Out;
  for (const auto &[Sm, Id] : SmToId) {
    auto It = Specs.find(Id);
    if (It != Specs.end())
      Out.emplace_back(Sm, &It->second);
  }
  std::sort(Out.begin(), Out.end(), [](const auto &A, const auto &B) {
    auto CA = parseSmName(A.first), CB = parseSmName(B.first);
    return *CA < *CB;
  });
  return Out;
}

} // namespace warplint
