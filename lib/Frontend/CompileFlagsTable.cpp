//===- CompileFlagsTable.cpp - The table of nvcc's options ----------------===//
#include "Frontend/CompileFlagsInternal.h"

#include "llvm/ADT/SmallVector.h"

#include <cstring>

namespace warplint {
namespace nvcc {

namespace {

/// The CUDA architectures clang 19's driver accepts in --cuda-gpu-arch=,
/// found by running
///   clang-19 --cuda-gpu-arch=sm_XX -nocudainc -nocudalib --cuda-device-only
///            -fsyntax-only -x cuda /dev/null
/// for each name: sm_100, sm_100a, sm_101, sm_103, sm_120 and sm_80a are
/// rejected ("unsupported CUDA gpu architecture").
constexpr const char *Clang19CudaArchs[] = {
    "sm_20", "sm_21", "sm_30", "sm_32", "sm_35", "sm_37", "sm_50",
    "sm_52", "sm_53", "sm_60", "sm_61", "sm_62", "sm_70", "sm_72",
    "sm_75", "sm_80", "sm_86", "sm_87", "sm_89", "sm_90", "sm_90a"};

} // namespace

bool clangKnowsArch(StringRef Arch) {
  for (const char *A : Clang19CudaArchs)
    if (Arch == A)
      return true;
  return false;
}

bool isNvccWarningKind(StringRef K) {
  return K == "cross-execution-space-call" || K == "reorder" ||
         K == "deprecated-declarations" || K == "default-stream-launch" ||
         K == "ext-lambda-captures-this" || K == "all-warnings";
}

namespace {

const Option Options[] = {
    // Kept, or respelled as clang spells them.
    {"c|compile", Act::Keep, false, "-c"},
    {"E|preprocess", Act::Keep, false, "-E"},
    {"g|debug", Act::Keep, false, "-g"},
    {"w|disable-warnings", Act::Keep, false, "-w"},
    {"M|generate-dependencies", Act::Keep, false, "-M"},
    {"MM|generate-nonsystem-dependencies", Act::Keep, false, "-MM"},
    {"MD|generate-dependencies-with-compile", Act::Keep, false, "-MD"},
    {"MMD|generate-nonsystem-dependencies-with-compile", Act::Keep, false,
     "-MMD"},
    {"MP|generate-dependency-targets", Act::Keep, false, "-MP"},
    {"MF|dependency-output", Act::Separate, true, "-MF"},
    {"MT|dependency-target-name", Act::Separate, true, "-MT"},
    {"o|output-file", Act::Separate, true, "-o"},
    {"include|pre-include", Act::Separate, true, "-include", true},
    {"isystem|system-include", Act::Separate, true, "-isystem", true},
    {"I|include-path", Act::Joined, true, "-I", true},
    {"D|define-macro", Act::Joined, true, "-D", true},
    {"U|undefine-macro", Act::Joined, true, "-U", true},
    {"l|library", Act::Joined, true, "-l", true},
    {"L|library-path", Act::Joined, true, "-L", true},
    {"std", Act::Joined, true, "-std="},
    {"ftemplate-depth", Act::Joined, true, "-ftemplate-depth="},
    {"ftemplate-backtrace-limit", Act::Joined, true,
     "-ftemplate-backtrace-limit="},
    {"m64", Act::Keep, false, "-m64"},
    {"m32", Act::Keep, false, "-m32"},
    {"Wreorder", Act::Keep, false, "-Wreorder"},
    {"Wno-deprecated-declarations", Act::Keep, false,
     "-Wno-deprecated-declarations"},
    {"use_fast_math", Act::Keep, false, "-ffast-math", false, true},
    {"noeh|no-exceptions", Act::Keep, false, "-fno-exceptions", false, true},
    {"dw|device-w", Act::Keep, false, "-c", false, true},
    // Translated.
    {"O|optimize", Act::Optimize, true},
    {"m|machine", Act::Machine, true},
    {"x", Act::Lang, true},
    {"Werror", Act::Werror, false},
    {"arch|gpu-architecture", Act::Arch, true},
    {"code|gpu-code", Act::Code, true},
    {"gencode|generate-code", Act::Gencode, true},
    {"rdc|relocatable-device-code", Act::Rdc, true},
    {"dc|device-c", Act::DeviceC, false},
    {"Xcompiler|compiler-options", Act::Xcompiler, true},
    {"maxrregcount", Act::MaxReg, true},
    {"optf|options-file", Act::OptionsFile, true, nullptr, true},
    {"forward-unknown-to-host-compiler|forward-unknown-to-host-linker|"
     "forward-unknown-opts",
     Act::Forward, false},
    // Dropped: device code generation, linking, nvcc's own driver and
    // diagnostics, none of which the analysis needs.
    {"expt-relaxed-constexpr|expt-extended-lambda|extended-lambda|"
     "dlink|device-link|lineinfo|generate-line-info|G|device-debug|"
     "display-error-number|err-no|no-display-error-number|no-err-no|"
     "res-usage|resource-usage|keep|src-in-ptx|source-in-ptx|ptx|cubin|"
     "fatbin|optix-ir|cuda|link|lib|run|restrict|Wno-deprecated-gpu-targets|"
     "Wdefault-stream-launch|Wmissing-launch-bounds|Wext-lambda-captures-this|"
     "allow-unsupported-compiler|use-local-env|objtemp|objdir-as-tempdir|"
     "ewp|extensible-whole-program|lto|dlto|dlink-time-opt|save-temps|"
     "noprof|dont-use-profile|dryrun|nohdinitlist|"
     "no-host-device-initializer-list|nohdmoveforward|"
     "no-host-device-move-forward|pg|profile|shared|"
     "extra-device-vectorization|astoolspatch|compile-as-tools-patch|"
     "list-gpu-code|list-gpu-arch|arch-ls|code-ls|keep-device-functions|"
     "fdevice-syntax-only|host-relocatable-link|no-device-link|"
     "no-align-double|v|verbose|h|help|V|version",
     Act::Drop, false},
    {"Xptxas|ptxas-options|Xlinker|linker-options|Xnvlink|nvlink-options|"
     "Xarchive|archive-options|Xcudafe|Xfatbin|fatbin-options|ccbin|"
     "compiler-bindir|default-stream|diag-suppress|diag-error|diag-warn|"
     "t|threads|keep-dir|odir|output-directory|cudart|cudadevrt|fmad|ftz|"
     "prec-div|prec-sqrt|dopt|time|split-compile|split-compile-extended|Ofc|"
     "Ofast-compile|jtd|jump-table-density|hls|host-linker-script|"
     "static-global-template-stub|device-entity-has-hidden-visibility|"
     "frandom-seed|device-stack-protector|e|entries|idp|input-drive-prefix|"
     "ddp|dependency-drive-prefix|run-args|qpp-config|fdevice-time-trace|"
     "fdevice-sanitize",
     Act::Drop, true},
};

/// Options nvcc accepts with the value glued on (-I/x, -DX, -O3, ...), tried
/// when the argument's name is not in the table.
struct JoinedForm {
  const char *Prefix;
  const char *Name; // the table entry it means
};
const JoinedForm JoinedForms[] = {{"isystem", "isystem"},
                                  {"I", "I"},
                                  {"D", "D"},
                                  {"U", "U"},
                                  {"L", "L"},
                                  {"l", "l"},
                                  {"O", "O"}};

} // namespace

const Option *findOption(StringRef Name) {
  for (const Option &O : Options) {
    StringRef Names = O.Names;
    while (!Names.empty()) {
      auto [N, Rest] = Names.split('|');
      if (N == Name)
        return &O;
      Names = Rest;
    }
  }
  return nullptr;
}

const Option *findJoinedOption(StringRef Body,
                               std::optional<std::string> &Joined) {
  for (const JoinedForm &J : JoinedForms)
    if (Body.starts_with(J.Prefix) && Body.size() > strlen(J.Prefix)) {
      Joined = Body.drop_front(strlen(J.Prefix)).str();
      return findOption(J.Name);
    }
  return nullptr;
}

std::vector<StringRef> splitList(StringRef V) {
  llvm::SmallVector<StringRef, 4> Parts;
  V.split(Parts, ',', -1, /*KeepEmpty=*/false);
  return std::vector<StringRef>(Parts.begin(), Parts.end());
}

} // namespace nvcc
} // namespace warplint
