//===- Ptxas.cpp - Registers and shared memory from ptxas -v --------------===//
#include "Frontend/Ptxas.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

namespace warplint {

static llvm::Error fail(const std::string &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
}

llvm::Expected<std::string> findNvcc(const PtxasRunOptions &O) {
  if (!O.Nvcc.empty()) {
    if (llvm::sys::fs::can_execute(O.Nvcc))
      return O.Nvcc;
    return fail("nvcc '" + O.Nvcc + "' does not exist or cannot be run");
  }
  std::vector<std::string> Looked;
  if (!O.CudaPath.empty()) {
    llvm::SmallString<256> P(O.CudaPath);
    llvm::sys::path::append(P, "bin", "nvcc");
    if (llvm::sys::fs::can_execute(P))
      return std::string(P);
    Looked.push_back(std::string(P));
  }
  std::vector<llvm::StringRef> Paths(O.SearchPaths.begin(), O.SearchPaths.end());
  if (auto P = llvm::sys::findProgramByName("nvcc", Paths))
    return *P;
  std::string Where;
  for (const std::string &L : Looked)
    Where += L + ", ";
  if (O.SearchPaths.empty()) {
    Where += "the PATH";
  } else {
    for (size_t I = 0; I < O.SearchPaths.size(); ++I)
      Where += (I ? ", " : "") + O.SearchPaths[I];
  }
  return fail("nvcc is not on this machine (looked in " + Where +
              "): ptxas's register and shared-memory counts are not available");
}

std::vector<std::string> ptxasRelevantFlags(llvm::ArrayRef<std::string> Args) {
  std::vector<std::string> R;
  // Flags whose value may be the next argument.
  static const char *const WithValue[] = {"-I", "-isystem", "-D", "-U",
                                          "-include", "--include-path",
                                          "--define-macro", "--undefine-macro",
                                          "--pre-include", "--system-include"};
  static const char *const Alone[] = {"--expt-relaxed-constexpr",
                                      "--expt-extended-lambda",
                                      "-expt-relaxed-constexpr",
                                      "-expt-extended-lambda",
                                      "--extended-lambda", "-rdc=true",
                                      "--relocatable-device-code=true"};
  for (size_t I = 1; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    bool Taken = false;
    for (const char *F : WithValue) {
      if (A == F) {
        R.push_back(A.str());
        if (I + 1 < Args.size())
          R.push_back(Args[++I]);
        Taken = true;
        break;
      }
      if (A.starts_with(F) &&
          (A.size() > llvm::StringRef(F).size()) &&
          (llvm::StringRef(F).size() <= 2 || A[llvm::StringRef(F).size()] == '=')) {
        R.push_back(A.str());
        Taken = true;
        break;
      }
    }
    if (Taken)
      continue;
    if (A.starts_with("-std=") || A.starts_with("--std="))
      R.push_back(A.str());
    else
      for (const char *F : Alone)
        if (A == F)
          R.push_back(A.str());
  }
  return R;
}

llvm::Expected<std::vector<PtxasFunctionUsage>>
runPtxasUsage(llvm::StringRef File, llvm::StringRef Sm,
              llvm::ArrayRef<std::string> Flags, const PtxasRunOptions &O) {
  llvm::Expected<std::string> Nvcc = findNvcc(O);
  if (!Nvcc)
    return Nvcc.takeError();
  llvm::SmallString<128> Cubin, Log;
  if (std::error_code EC =
          llvm::sys::fs::createTemporaryFile("warplint-ptxas", "cubin", Cubin))
    return fail("cannot create a temporary file: " + EC.message());
  if (std::error_code EC =
          llvm::sys::fs::createTemporaryFile("warplint-ptxas", "log", Log)) {
    llvm::sys::fs::remove(Cubin);
    return fail("cannot create a temporary file: " + EC.message());
  }
  std::vector<std::string> Args = {*Nvcc, "-cubin", "-arch=" + Sm.str(),
                                   "-Xptxas", "-v"};
  Args.insert(Args.end(), Flags.begin(), Flags.end());
  Args.push_back(File.str());
  Args.push_back("-o");
  Args.push_back(std::string(Cubin));
  std::vector<llvm::StringRef> Argv(Args.begin(), Args.end());
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt, llvm::StringRef(Log),
                                                llvm::StringRef(Log)};
  std::string ErrMsg;
  int RC = llvm::sys::ExecuteAndWait(*Nvcc, Argv, std::nullopt, Redirects,
                                     /*SecondsToWait=*/600, 0, &ErrMsg);
  auto Text = llvm::MemoryBuffer::getFile(Log);
  std::string Output = Text ? (*Text)->getBuffer().str() : std::string();
  llvm::sys::fs::remove(Cubin);
  llvm::sys::fs::remove(Log);
  if (RC != 0) {
    std::string Cmd;
    for (const std::string &A : Args)
      Cmd += (Cmd.empty() ? "" : " ") + A;
    return fail("'" + Cmd + "' failed (" +
                (ErrMsg.empty() ? "exit status " + std::to_string(RC) : ErrMsg) +
                ")" + (Output.empty() ? "" : ":\n" + Output));
  }
  std::vector<std::string> Problems;
  std::vector<PtxasFunctionUsage> U = parsePtxasVerbose(Output, Problems);
  if (U.empty())
    return fail("nvcc printed no ptxas resource usage for " + File.str() +
                (Problems.empty() ? "" : ": " + Problems.front()));
  return U;
}

llvm::Expected<NvccFacts> nvccFactsFor(llvm::StringRef File, llvm::StringRef Sm,
                                       llvm::ArrayRef<std::string> Flags,
                                       PtxasRunOptions O, bool WantPtx,
                                       bool WantPtxas) {
  NvccFacts R;
  llvm::Expected<std::string> Nvcc = findNvcc(O);
  if (!Nvcc)
    return Nvcc.takeError();
  if (WantPtx) {
    std::vector<std::string> Args{"-arch=" + Sm.str()};
    Args.insert(Args.end(), Flags.begin(), Flags.end());
    std::string Err;
    std::optional<std::string> Ptx = compileToPtx(File.str(), Args, Err, *Nvcc);
    std::optional<std::vector<PtxKernel>> Kernels;
    if (Ptx)
      Kernels = countPtx(*Ptx, Err);
    if (!Kernels)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "--counts-from=ptx: " + Err);
    R.Ptx = std::move(*Kernels);
  }
  if (WantPtxas) {
    O.Nvcc = *Nvcc;
    llvm::Expected<std::vector<PtxasFunctionUsage>> U =
        runPtxasUsage(File, Sm, Flags, O);
    if (!U)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "--registers-from-ptxas: " +
                                         llvm::toString(U.takeError()));
    R.Ptxas = std::move(*U);
  }
  return R;
}

} // namespace warplint
