//===- TextOutput.cpp - The findings of a text run, as people read them ---===//
//
// clang-tidy prints each diagnostic with all its notes. Over a project that
// repeats itself: the launch-and-GPU note of a kernel on each of its
// warnings, and one warning per access, per kernel and per instantiation
// for what is one cause. The text output (not JSON or SARIF, whose readers
// are programs) therefore
//  - merges findings of one check in one file that share a cause (the same
//    message, which names the buffer and the numbers; or the same place in
//    another instantiation) into the first, with a note at each other
//    place, when their fix-its are the same;
//  - gives a launch's "assuming grid ... block ..." notes once per kernel
//    and launch: on the first warning that has them.
// docs/output-formats.md, "Text".
//
//===----------------------------------------------------------------------===//
#include "WarplintTool.h"

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <set>
#include <tuple>

using namespace llvm;
using clang::tidy::ClangTidyError;
using clang::tooling::DiagnosticMessage;

namespace {

/// The message with the parts that differ between accesses of one cause
/// taken out: the bank a conflict falls on ("hit bank 16").
std::string causeText(StringRef Message) {
  std::string R;
  for (size_t I = 0; I < Message.size();) {
    if (Message.substr(I).starts_with("bank ") && I + 5 < Message.size() &&
        isDigit(Message[I + 5])) {
      R += "bank #";
      I += 5;
      while (I < Message.size() && isDigit(Message[I]))
        ++I;
      continue;
    }
    R += Message[I++];
  }
  return R;
}

/// Whether two findings' fix-its are the same edits.
bool sameFixes(const ClangTidyError &A, const ClangTidyError &B) {
  static const llvm::StringMap<clang::tooling::Replacements> None;
  const auto *FA = clang::tidy::getFixIt(A, /*AnyFix=*/true);
  const auto *FB = clang::tidy::getFixIt(B, /*AnyFix=*/true);
  FA = FA ? FA : &None;
  FB = FB ? FB : &None;
  if (FA->size() != FB->size())
    return false;
  for (const auto &[File, Reps] : *FA) {
    auto It = FB->find(File);
    if (It == FB->end() || It->second.size() != Reps.size())
      return false;
    auto X = Reps.begin(), Y = It->second.begin();
    for (; X != Reps.end(); ++X, ++Y)
      if (!(*X == *Y))
        return false;
  }
  return true;
}

bool sameNotes(const ClangTidyError &A, const ClangTidyError &B) {
  if (A.Notes.size() != B.Notes.size())
    return false;
  for (size_t I = 0; I < A.Notes.size(); ++I)
    if (A.Notes[I].Message != B.Notes[I].Message ||
        A.Notes[I].FileOffset != B.Notes[I].FileOffset)
      return false;
  return true;
}

bool isCheck(const ClangTidyError &E) {
  return !StringRef(E.DiagnosticName).starts_with("clang-diagnostic-");
}

} // namespace

std::vector<ClangTidyError>
readableFindings(const std::vector<ClangTidyError> &Errors,
                 const KernelAt &Kernel, unsigned &Merged) {
  Merged = 0;
  std::vector<ClangTidyError> Out;
  // Where each kept finding is, by its cause and by its place.
  std::map<std::tuple<std::string, std::string, std::string, std::string>,
           size_t>
      ByCause;
  std::map<size_t, std::vector<size_t>> MoreAt; // kept -> its notes added
  for (const ClangTidyError &E : Errors) {
    if (!isCheck(E)) {
      Out.push_back(E);
      continue;
    }
    const std::string &File = E.Message.FilePath;
    // One cause: the same message and explanation (a first note that is not
    // an assumption) in one
    // kernel, or in the instantiations of one template (KernelIndex names
    // the template); in another kernel the same words are another buffer.
    // A message without a name (a loop's trip count) is one cause only at
    // one place.
    std::string K = Kernel(E);
    bool Named = StringRef(E.Message.Message).contains('\'');
    std::string Explained; // the first note, unless it is an assumption
    if (!E.Notes.empty() &&
        !StringRef(E.Notes[0].Message).starts_with("assuming "))
      Explained = causeText(E.Notes[0].Message);
    auto Key = std::make_tuple(
        E.DiagnosticName, File, causeText(E.Message.Message) + "\n" + Explained,
        Named && !K.empty() ? K : std::to_string(E.Message.FileOffset));
    auto C = ByCause.find(Key);
    if (C != ByCause.end() && sameFixes(Out[C->second], E)) {
      ClangTidyError &First = Out[C->second];
      bool SamePlace = First.Message.FileOffset == E.Message.FileOffset;
      bool SameText = First.Message.Message == E.Message.Message;
      if (SamePlace && SameText && sameNotes(First, E))
        continue; // one header seen from two files
      std::string Text =
          (SamePlace ? "also here, in another instantiation" : "also here") +
          (SameText ? std::string() : ": " + E.Message.Message);
      DiagnosticMessage Note(Text);
      Note.FilePath = File;
      Note.FileOffset = E.Message.FileOffset;
      MoreAt[C->second].push_back(First.Notes.size());
      First.Notes.push_back(std::move(Note));
      ++Merged;
      continue;
    }
    ByCause.emplace(Key, Out.size());
    Out.push_back(E);
  }

  // Each added note counted: "(2 of 3 more with the same cause)".
  for (const auto &[At, Notes] : MoreAt)
    for (size_t I = 0; I < Notes.size(); ++I)
      Out[At].Notes[Notes[I]].Message +=
          " (" + std::to_string(I + 1) + " of " + std::to_string(Notes.size()) +
          " more with the same cause)";

  // A launch's notes once: the "assuming grid (...)" note and the
  // "assuming ..." notes at the same place after it.
  std::set<std::string> Said;
  for (ClangTidyError &E : Out) {
    if (!isCheck(E))
      continue;
    for (size_t I = 0; I < E.Notes.size(); ++I) {
      const DiagnosticMessage &N = E.Notes[I];
      if (!StringRef(N.Message).starts_with("assuming grid ("))
        continue;
      size_t End = I + 1;
      std::string Key = N.FilePath + ":" + std::to_string(N.FileOffset) +
                        ":" + N.Message;
      while (End < E.Notes.size() && E.Notes[End].FilePath == N.FilePath &&
             E.Notes[End].FileOffset == N.FileOffset &&
             StringRef(E.Notes[End].Message).starts_with("assuming ")) {
        Key += "\n" + E.Notes[End].Message;
        ++End;
      }
      if (Said.insert(Key).second)
        continue;
      E.Notes.erase(E.Notes.begin() + I, E.Notes.begin() + End);
      break;
    }
  }
  return Out;
}
