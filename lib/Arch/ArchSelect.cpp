//===- ArchSelect.cpp -----------------------------------------------------===//
#include "Arch/ArchSelect.h"

namespace warplint {

namespace {
struct Builtin {
  ArchDatabase DB;
  std::string Error;
};
const Builtin &builtin() {
  static const Builtin B = [] {
    Builtin R;
    llvm::Expected<ArchDatabase> DB = ArchDatabase::builtin();
    if (DB)
      R.DB = std::move(*DB);
    else
      R.Error = llvm::toString(DB.takeError());
    return R;
  }();
  return B;
}
} // namespace

const ArchDatabase &builtinArchDatabase() { return builtin().DB; }

llvm::Expected<SelectedArch> selectArch(llvm::StringRef Name,
                                        llvm::StringRef ExtraDir,
                                        bool KeplerEightByteMode) {
  if (!builtin().Error.empty())
    return llvm::createStringError("the built-in architecture files are "
                                   "broken: " +
                                   builtin().Error);
  SelectedArch S;
  if (Name.ends_with(".yaml") || Name.ends_with(".yml")) {
    llvm::Expected<ArchSpec> A = loadArchFile(Name);
    if (!A)
      return A.takeError();
    S.Arch = std::move(*A);
  } else {
    const ArchDatabase *DB = &builtin().DB;
    ArchDatabase WithUser;
    if (!ExtraDir.empty()) {
      WithUser = builtin().DB;
      if (llvm::Error E = WithUser.addDirectory(ExtraDir))
        return std::move(E);
      DB = &WithUser;
    }
    llvm::Expected<const ArchSpec *> A = DB->resolve(Name);
    if (!A)
      return A.takeError();
    S.Arch = **A;
    S.Note = standInNote(Name, S.Arch);
  }
  S.Gpu = gpuModelFromArch(S.Arch, KeplerEightByteMode);
  return S;
}

} // namespace warplint
