#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tirx::nki {

// The trace the recording stand-in writes (resources/nki/TRACE.md, version
// 1), as plain values. The reader fills these and checks every field it
// reads; nothing downstream re-reads the JSON.

// A place in the user's Python: `file` indexes Trace::files; line and
// column are 1-based, column 0 when Python does not say.
struct Location {
    int file = -1;
    int line = 0;
    int column = 0;
    [[nodiscard]] bool valid() const { return file >= 0 && line > 0; }
};

enum class Severity { Error, Warning, Note };

struct Note {
    Severity severity = Severity::Error;
    std::string code; // "unmodelled", "python", "partition-start", ... (TRACE.md)
    std::string message;
    std::optional<Location> loc;
    std::vector<Location> stack; // innermost first, user files only
};

// A half-open range of partitions or bytes.
struct Range {
    int64_t begin = 0;
    int64_t end = 0;
};

struct Address {
    int64_t partition = 0;
    int64_t byte = 0; // within a partition; for PSUM bank × 2048 + offset
};

enum class BlockAllocator { ModAlloc, Func };

// A legacy block tile: shape [blocks..., par_dim(P), F...], one address per
// block after the allocator's rotation.
struct Blocks {
    int64_t count = 0;
    std::vector<std::optional<Address>> addresses;
    std::optional<BlockAllocator> allocator; // set when a rotation is recorded
    int64_t rotationTiles = 0;
};

struct Tensor {
    int id = 0;
    std::string name;
    std::string buffer; // "sbuf", "psum", "hbm", "shared_hbm", "private_hbm"
    std::vector<int64_t> shape;
    std::string dtype;
    int64_t dtypeBytes = 0;
    std::string kind; // "argument", "ndarray", "implicit", "block"
    std::string createdBy;
    std::optional<Location> loc;
    std::vector<Location> stack;
    // On-chip tensors only.
    Range partitions;
    int64_t bytesPerPartition = 0;
    std::optional<Address> address;
    std::optional<Blocks> blocks;

    [[nodiscard]] bool onChip() const { return buffer == "sbuf" || buffer == "psum"; }
};

// One access of one tensor, compact: a partition stride and the bounding
// byte range within a partition.
struct Region {
    int tensor = 0;
    std::optional<int64_t> block;
    int64_t partitionStart = 0;
    int64_t partitionStep = 1;
    int64_t partitionCount = 0;
    int64_t freeOffset = 0;
    std::vector<std::pair<int64_t, int64_t>> freeDims; // (stride, count), outermost first
    Range bytes;
    bool masked = false;
    // Set when the region does not list the access's elements in the
    // access's order (a transposing or broadcasting pattern, an irregular
    // index, a bounding box): why, in words. The memory views draw it as it
    // is; the simulator refuses it.
    std::string inexact;
};

// A scalar or enum argument as the stand-in recorded it (TRACE.md, "args"):
// null, a boolean, a number, a name ("add", "vector", a repr) or a list.
struct ArgValue {
    enum class Kind { Null, Bool, Number, Text, List };
    Kind kind = Kind::Null;
    double number = 0.0; // Bool: 0 or 1
    std::string text;
    std::vector<ArgValue> list;
};

// Which of an instruction's regions a named tensor parameter is: `count`
// regions of `writes` (or `reads`) from `first`.
struct OperandRef {
    bool write = false;
    size_t first = 0;
    size_t count = 1;
};

struct Instruction {
    int64_t index = 0;
    std::string op;
    std::string engine; // empty when the API names none
    std::vector<Region> writes;
    std::vector<Region> reads;
    std::vector<std::pair<std::string, ArgValue>> args;       // in recorded order
    std::vector<std::pair<std::string, OperandRef>> operands; // named tensor parameters (nisa.* calls)
    Location loc;
    std::vector<Location> stack;

    [[nodiscard]] const ArgValue* arg(std::string_view name) const
    {
        for (const auto& [n, v] : args) {
            if (n == name) return &v;
        }
        return nullptr;
    }
    [[nodiscard]] const OperandRef* operand(std::string_view name) const
    {
        for (const auto& [n, r] : operands) {
            if (n == name) return &r;
        }
        return nullptr;
    }
};

struct Loop {
    std::string kind; // "range", "affine_range", "sequential_range", "static_range", "dynamic_range"
    int64_t first = 0;
    int64_t last = 0;
    std::optional<Location> loc;
};

struct Program {
    std::vector<int64_t> id; // per grid axis; empty without a grid
    std::vector<Tensor> tensors;
    std::vector<Instruction> instructions;
    std::vector<Loop> loops;
    std::vector<Note> notes;
    bool truncated = false;
};

struct Trace {
    int version = 0;
    std::string kernelFile;
    std::string entry;
    std::string api; // "nki", "legacy", "mixed", "none"
    std::optional<std::vector<int64_t>> grid;
    int lnc = 1;
    std::vector<std::string> files;
    std::vector<Program> programs;
    std::vector<Note> notes;
    std::optional<Note> error;

    // The file a location names, or "" when its index is out of range.
    [[nodiscard]] const std::string& fileOf(const Location& loc) const;
};

} // namespace tirx::nki
