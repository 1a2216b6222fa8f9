#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tirx {

// The one table of every callable a TIRx module can name: T.*, T.nki.* and
// T.trn.tile.*. The parser validates calls against it, the printer orders
// operands by it, editor completion and call tips show it, and later code
// generation and the simulator read the engine and operand roles from it.

enum class CallableKind : uint8_t {
    Builtin,        // T.min, T.max, T.Select, T.Cast, T.float32(...), ...
    Statement,      // T.func_attr, T.device_entry, T.alloc_tensor, T.decl_tensor, ...
    Loop,           // T.serial, T.parallel, T.unroll, T.vectorized, T.grid
    Type,           // T.Tensor, T.handle, T.int32 as an annotation, ...
    Layout,         // T.TileLayout, T.S, T.R, T.Iter
    NkiInstruction, // T.nki.<name>
    TileOp,         // T.trn.tile.<name>
    Region,         // T.nki.tensorized_instruction, T.device_entry, T.device_scope
};

// The hardware engine an instruction runs on (NKI instructions only).
enum class Engine : uint8_t { None, Tensor, Vector, Scalar, GpSimd, Dma, Any };

// How a parameter is passed and what it holds.
enum class ParamRole : uint8_t {
    Tensor,    // a tensor operand: a region (tile ops) or an element access (NKI)
    Scalar,    // a scalar expression (PrimExpr), e.g. a float constant or index
    Workspace, // tile-op workspace operand (acc_psum, const_bias, partial_reduce), passed by keyword
    Qualifier, // keyword-only Python constant stored in the call's attrs
    Value,     // any other Python-level value (shape tuple, dtype string, dict, ...)
};

struct CallableParam {
    std::string_view name;
    ParamRole role = ParamRole::Scalar;
    std::string_view type; // short type name for call tips: "region", "float", "str", "int", "bool", "ints", ...
    std::string_view defaultValue; // printed default; empty = required
    bool optional = false;         // may be absent (empty tuple for tile-op operands; default for others)
    bool variadic = false;         // *axes
    bool keywordOnly = false;
};

struct Callable {
    std::string_view name; // as written in scripts: "T.nki.activation", "T.trn.tile.matmul", "T.min"
    std::string_view op;   // IR op name: "tirx.nki.activation", "tirx.trn.tile.matmul", "tirx.min"; empty if none
    CallableKind kind = CallableKind::Builtin;
    Engine engine = Engine::None;
    std::vector<CallableParam> params;
    std::string_view result; // "None", "expr", "Tensor", ...
    std::string_view doc;    // one line
    // Old spellings (T.prim_func, T.alloc_buffer, T.Buffer, ...): the current
    // script name they map to. Empty for current names. findCallableByOp never
    // returns an old spelling, so the printer always gets the current one.
    std::string_view replacedBy;
};

// All callables, in a stable order (namespace, then name).
[[nodiscard]] std::span<const Callable> callables();

// Look-up by script name ("T.nki.memset") or IR op name ("tirx.nki.memset").
// Script names under any alias: "nki.memset", "trn.tile.load" without the "T." prefix also work.
[[nodiscard]] const Callable* findCallable(std::string_view name);
[[nodiscard]] const Callable* findCallableByOp(std::string_view op);

// The known callable whose name is closest (edit distance) to `name`, for
// "did you mean" messages; nullptr when nothing is reasonably close.
[[nodiscard]] const Callable* nearestCallable(std::string_view name);

// "T.nki.activation(result, data, opcode, bias=0.0, scale=1.0)" for call tips.
[[nodiscard]] std::string signatureText(const Callable& c);

[[nodiscard]] std::string_view engineName(Engine engine);

} // namespace tirx
