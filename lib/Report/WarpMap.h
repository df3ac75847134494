//===- WarpMap.h - Pictures of what one warp touches ------------*- C++ -*-===//
//
// A warp map: the 32 lanes of one warp request against the memory they
// touch. For global memory, the 128-byte lines and 32-byte sectors, with
// the bytes used against the bytes fetched; for shared memory, the banks,
// with the words each bank must serve (the conflict degree). Drawn as SVG
// (the HTML report) and as text (--explain, for a terminal or a CI log).
// The SVG carries its numbers as data- attributes, which the report's
// tests read. Pure: no Clang header. docs/pictures.md.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_REPORT_WARPMAP_H
#define WARPLINT_REPORT_WARPMAP_H

#include "Warp/Divergence.h"
#include "Warp/MemoryModels.h"

#include <string>
#include <vector>

namespace warplint {

/// What a global-memory map shows, counted.
struct GlobalMap {
  struct Sector {
    int64_t Address = 0;       ///< of the sector's first byte
    unsigned BytesUsed = 0;    ///< by the warp's lanes
    std::vector<unsigned> Lanes;
  };
  struct Line {
    int64_t Address = 0;
    std::vector<Sector> Sectors; ///< every sector of the line, in order
  };
  std::vector<Line> Lines; ///< the lines the warp touches, by address
  unsigned ActiveLanes = 0, SectorsTouched = 0;
  unsigned BytesUsed = 0, BytesFetched = 0; ///< fetched: whole sectors
};
GlobalMap globalMap(const WarpRequest &R, unsigned SectorBytes = 32,
                    unsigned LineBytes = 128);

/// What a shared-memory map shows, counted: per bank, the distinct words
/// the lanes ask of it (more than one: a conflict).
struct SharedMap {
  unsigned Banks = 32, BankWidth = 4;
  /// Per lane, the banks it touches (an 8-byte access touches two 4-byte
  /// banks) and the word in each.
  struct Touch {
    unsigned Lane, Bank;
    int64_t Word;
  };
  std::vector<Touch> Touches;
  std::vector<unsigned> WordsPerBank; ///< distinct words, per bank
  unsigned ActiveLanes = 0, MaxWords = 0, BanksUsed = 0;
};
SharedMap sharedMap(const WarpRequest &R, unsigned Banks = 32,
                    unsigned BankWidth = 4);

/// What a divergence map shows: the warps of one block at a branch (for a
/// loop: the lanes doing the most iterations and the others), each lane on
/// one path or the other, or not reaching it. The example warp is one that
/// splits.
struct DivergenceMap {
  struct Warp {
    unsigned Index = 0;
    uint32_t Reaching = 0, Taken = 0; ///< bit per lane
  };
  std::vector<Warp> Warps;
  unsigned Example = 0; ///< Warps[Example] splits
  bool Loop = false;
  int64_t MinTrips = 0, MaxTrips = 0; ///< a loop's, in the example warp
  unsigned taken() const;    ///< lanes of the example warp on each path
  unsigned notTaken() const;
  unsigned reaching() const;
  unsigned splitWarps() const;
};

/// The map of a divergence result's example block (its one example warp
/// when the block's warps were not kept).
DivergenceMap divergenceMapOf(const DivergenceResult &D);

/// What a partition-camping map shows: the blocks that run first (launch
/// order) against the memory channels their first lane touches.
struct CampingMap {
  unsigned Channels = 8;
  std::vector<int> ChannelOfBlock; ///< -1: the block does not touch memory
  std::vector<unsigned> BlocksPerChannel;
  unsigned channelsUsed() const;
  unsigned maxBlocks() const;
};
std::string campingMapSvg(const CampingMap &M, const std::string &Title);

/// The maps as SVG (one <svg> element; class "warp-map global",
/// "warp-map shared" or "warp-map divergence"), titled \p Title.
std::string globalMapSvg(const GlobalMap &M, const std::string &Title);
std::string sharedMapSvg(const SharedMap &M, const std::string &Title);
std::string divergenceMapSvg(const DivergenceMap &M, const std::string &Title);

/// The maps as text, for a terminal.
std::string globalMapText(const GlobalMap &M);
std::string sharedMapText(const SharedMap &M);
std::string divergenceMapText(const DivergenceMap &M);

} // namespace warplint

#endif
