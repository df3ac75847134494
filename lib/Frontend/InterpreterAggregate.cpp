//===- InterpreterAggregate.cpp - Whole structs read or written --------===//
//
// A struct copied whole (`s[i] = p[i]`) is, to nvcc, a copy of each scalar
// field: one access per field (Interpreter.h, recordAggregateAccess).
//
//===----------------------------------------------------------------------===//
#include "Frontend/Interpreter.h"

#include "clang/AST/RecordLayout.h"

#include <functional>

namespace warplint {
namespace detail {

void Interpreter::recordAggregateAccess(const LValue &LV, const clang::Expr *E,
                                        bool Read, bool Write) {
  const QualType T = LV.Type.getUnqualifiedType();
  const auto *RT = T->getAs<RecordType>();
  unsigned Width = 0;
  const RecordDecl *RD = RT ? RT->getDecl() : nullptr;
  if (!RD || RD->isUnion() || !RD->isCompleteDefinition() ||
      RD->isInvalidDecl() || RD->isDependentType() ||
      isCudaVectorTypeName(RD->getName(), Width)) {
    recordAccess(LV, E, Read, Write);
    return;
  }
  // The scalar fields, nested structs flattened, at their byte offsets.
  struct Field {
    int64_t Offset;
    QualType Type;
    std::string Name;
  };
  std::vector<Field> Fields;
  bool Plain = true;
  std::function<void(const RecordDecl *, int64_t, const std::string &)> Walk =
      [&](const RecordDecl *R, int64_t Base, const std::string &Prefix) {
        if (const auto *CR = dyn_cast<CXXRecordDecl>(R))
          if (CR->getNumBases() > 0)
            Plain = false;
        const ASTRecordLayout &L = Ctx.getASTRecordLayout(R);
        for (const FieldDecl *F : R->fields()) {
          if (!Plain || F->isBitField() || Fields.size() > 16) {
            Plain = false;
            return;
          }
          const int64_t Off =
              Base + Ctx.toCharUnitsFromBits(L.getFieldOffset(F->getFieldIndex()))
                         .getQuantity();
          const QualType FT = F->getType().getUnqualifiedType();
          const std::string Name = Prefix + F->getNameAsString();
          if (const auto *Sub = FT->getAs<RecordType>()) {
            unsigned W = 0;
            if (!isCudaVectorTypeName(Sub->getDecl()->getName(), W)) {
              if (!Sub->getDecl()->isCompleteDefinition() ||
                  Sub->getDecl()->isUnion()) {
                Plain = false;
                return;
              }
              Walk(Sub->getDecl(), Off, Name + ".");
              continue;
            }
          } else if (!FT->isScalarType()) {
            Plain = false; // an array member: one access for the whole
            return;
          }
          Fields.push_back({Off, FT, Name});
        }
      };
  Walk(RD, 0, "");
  if (!Plain || Fields.empty() || Fields.size() > 16) {
    recordAccess(LV, E, Read, Write);
    return;
  }
  const ASTRecordLayout &L = Ctx.getASTRecordLayout(RD);
  for (const Field &F : Fields) {
    LValue FL = LV;
    FL.Type = F.Type;
    FL.Ptr.E = LV.Ptr.E + SymExpr(F.Offset);
    FL.Ptr.SubsValid = false;
    FL.FieldOffset = LV.AggregateAlign ? LV.FieldOffset + unsigned(F.Offset)
                                       : unsigned(F.Offset);
    FL.AggregateSize =
        LV.AggregateAlign ? LV.AggregateSize : unsigned(L.getSize().getQuantity());
    FL.AggregateAlign = LV.AggregateAlign
                            ? LV.AggregateAlign
                            : unsigned(L.getAlignment().getQuantity());
    const size_t Before = Out.Accesses.size();
    recordAccess(FL, E, Read, Write);
    if (Out.Accesses.size() > Before)
      Out.Accesses.back().Text += "." + F.Name;
  }
}

} // namespace detail
} // namespace warplint
