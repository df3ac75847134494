# lit configuration for warplint's command-line and check tests.
# (test/fuzz holds the libFuzzer targets and their seed corpora, .cu files
# among them: not lit tests.)
import os
import lit.formats

config.name = "warplint"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".cu", ".test"]
config.excludes = ["Inputs", "unit", "fuzz", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.warplint_obj_root, "test")

bin_dir = os.path.join(config.warplint_obj_root, "bin")
config.substitutions.append(("%warplint", os.path.join(bin_dir, "warplint")))
config.substitutions.append(("%clangxx", os.path.join(config.llvm_tools_dir, "clang++")))
config.substitutions.append(("%clang_tidy", os.path.join(config.llvm_tools_dir, "clang-tidy")))
config.substitutions.append(("%plugin", os.path.join(config.warplint_obj_root, "lib", "WarpLintTidyModule.so")))
config.substitutions.append(("%src_root", config.warplint_src_root))
# The arguments that give plain clang-tidy warplint's built-in CUDA headers.
config.substitutions.append(("%builtin_cuda_args",
    "--cuda-gpu-arch=sm_80 -nocudainc -nocudalib --cuda-path=/nonexistent "
    "-isystem " + os.path.join(config.warplint_src_root, "lib", "Frontend", "cuda-include") +
    " -include __warplint_cuda.h"))
config.substitutions.append(("%python", "python3"))
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, bin_dir, config.environment.get("PATH", os.environ.get("PATH", ""))])
# No CUDA toolkit must leak in from the machine.
config.environment.pop("CUDA_PATH", None)
# The official SARIF 2.1.0 schema (scripts/setup.sh test-deps fetches it),
# validated with Debian's python3-jsonschema under Debian's own python.
config.substitutions.append(("%sarif_schema", config.sarif_schema))
config.substitutions.append(("%sarif_multitool", config.sarif_multitool))
config.substitutions.append(("%sys_python", "/usr/bin/python3"))
# warplint-clangd and what its tests drive: the real clangd 19 (next to
# clang++ in LLVM's tools directory) and Neovim (Debian's neovim package,
# installed by scripts/setup.sh test-deps).
import shutil
# Before %warplint, which is its prefix.
config.substitutions.insert(0, ("%warplint_clangd", os.path.join(bin_dir, "warplint-clangd")))
config.substitutions.append(("%clangd", os.path.join(config.llvm_tools_dir, "clangd")))
config.substitutions.append(("%nvim", shutil.which("nvim") or "nvim-not-installed"))

# The CMake integration test builds a CUDA project with a real nvcc (CMake's
# CUDA support runs it to detect the compiler); it runs where one is
# installed (REQUIRES: nvcc), as on the CI machine.
_nvcc = shutil.which("nvcc") or ("/usr/local/cuda/bin/nvcc" if os.access("/usr/local/cuda/bin/nvcc", os.X_OK) else None)
if _nvcc:
    config.available_features.add("nvcc")
config.substitutions.append(("%nvcc_path", _nvcc or "nvcc-not-installed"))
config.substitutions.append(("%build_root", config.warplint_obj_root))

# The HTML report's tests render it in headless Chromium (Debian's
# chromium, installed by scripts/setup.sh test-deps); as root it needs
# --no-sandbox.
config.substitutions.append(("%chromium", (shutil.which("chromium") or "chromium-not-installed") + " --headless --no-sandbox --disable-gpu --enable-logging=stderr --v=0"))
