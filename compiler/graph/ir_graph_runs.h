#pragma once

#include "graph/ir_graph.h"
#include "ir/callables.h"
#include "ir/stmt.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tirx {

// The parts of buildIrGraph that fold long stretches into runs: which
// statements of a block form a run, and, once the whole module is walked,
// which tensors a folded run keeps inside and what its node says.
//
// Why runs: bench_graph's lowered kernel of 1,000 instructions, drawn as
// one node per tensorized nest, is 2,000 nodes, and Graphviz's dot took
// 2.5 s of CPU to place them (the budget is 200 ms); as a dozen runs it is
// a few dozen nodes. Runs are cut at instruction counts, not at source
// lines, so every run of a long kernel is about as big as the next.

// A tensorized nest, or a loop a pass made (it has no place in the source)
// around nothing but one: both are drawn as the nest's one node.
[[nodiscard]] bool isNest(const Stmt& s);

// The tile op or NKI instruction `e` calls; null for anything else.
[[nodiscard]] const Callable* instructionCalled(const Expr& e);

// Statements [begin, end) of a block, folded into one run.
struct StatementRun {
    size_t begin = 0;
    size_t end = 0;
};

// The runs among a block's statements, in order. A stretch is a longest
// sequence of nests, instruction calls, stores and allocations; one of
// more than options.foldRunsFrom nests and instructions is cut into runs
// of about equal counts, an allocation going with the instructions after
// it. Loops, branches and other blocks end a stretch and are never folded.
[[nodiscard]] std::vector<StatementRun> planRuns(const std::vector<Stmt>& stmts, const IrGraphOptions& options);

// What the builder gathers while it walks a folded run.
struct RunRecord {
    int node = -1;
    std::vector<std::pair<std::string, int>> ops; // op name, instructions calling it, first seen first
    uint32_t firstLine = 0;                       // source lines the run spans; 0 when none is known
    uint32_t lastLine = 0;
    int nests = 0;
};

// "lines 12–140", "line 7", or empty when no line is known.
[[nodiscard]] std::string runLines(const RunRecord& r);

// Drops the tensors allocated in a folded run (allocatedIn[tensor node] is
// the run's node, -1 elsewhere) whose every edge goes to that run, and
// writes each run's label and tooltip with what it holds. Nodes are
// renumbered; run records and edges follow.
void finishRuns(IrGraph& g, const std::vector<int>& allocatedIn, const std::vector<RunRecord>& runs);

} // namespace tirx
