#pragma once

#include "script/parser.h"
#include "transform/pipeline.h"

#include <memory>
#include <string>
#include <vector>

// A small module lowered by a real pipeline, for the views that map IR
// lines back to source lines. Source line numbers are in the comments.
inline const char* kLoweredSource = "from tvm_tirx.script import tirx as T\n" // 1
                                    "\n"                                      // 2
                                    "@T.function\n"                           // 3
                                    "def main(j: T.int32):\n"                 // 4
                                    "    W = T.alloc_tensor((128, 1024), \"float32\", "
                                    "scope=\"trn.sbuf\")\n"                     // 5
                                    "    for p in range(128):\n"                // 6
                                    "        for f in range(512):\n"            // 7
                                    "            if f < 512:\n"                 // 8
                                    "                W[p, f] = T.float32(0)\n"  // 9
                                    "            if f < j * 128:\n"             // 10
                                    "                W[p, f] = T.float32(1)\n"; // 11

// Entry 0: the module as written; entry 1: after StmtSimplify, which drops
// the guard of line 8 and keeps the statements' spans.
inline std::shared_ptr<const tirx::Trace> loweredTrace()
{
    tirx::ParseResult parsed = tirx::parseModule(kLoweredSource);
    if (!parsed.ok()) return nullptr;
    tirx::PipelineOptions options;
    options.passes = {"StmtSimplify"};
    return std::make_shared<tirx::Trace>(tirx::runPipeline(parsed.module, options));
}
