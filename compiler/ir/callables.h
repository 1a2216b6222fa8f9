#pragma once

#include "ir/mem_space.h"

#include <cstdint>
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

// One enumerator per row of nki_ops.def, tile_ops.def and opcodes.def.
enum class NkiOp : uint8_t {
#define TIRX_NKI_OP(id, ...) id,
#define TIRX_NKI_ARG(...)
#define TIRX_NKI_REST(...)
#include "ir/nki_ops.def"
#undef TIRX_NKI_OP
#undef TIRX_NKI_ARG
#undef TIRX_NKI_REST
};

enum class TileOp : uint8_t {
#define TIRX_TILE_OP(id, ...) id,
#define TIRX_TILE_ARG(...)
#define TIRX_TILE_QUAL(...)
#include "ir/tile_ops.def"
#undef TIRX_TILE_OP
#undef TIRX_TILE_ARG
#undef TIRX_TILE_QUAL
};

enum class Opcode : uint8_t {
#define TIRX_OPCODE(id, ...) id,
#include "ir/opcodes.def"
#undef TIRX_OPCODE
};

// The lowering object of transform/tile/ that handles a tile op (spec 05 §4).
enum class TileFamily : uint8_t { Copy, Unary, Binary, Reduction, Gemm, Select, Compose };

// Which operands accept an opcode string (bits of a mask).
enum class OpcodeUse : uint8_t {
    None = 0,
    Alu = 1,        // add, sub, mul, max, min
    Activation = 2, // exp, sqrt
    NkiReduce = 4,  // an instruction's reduce opcode: add, max, min
    TileReduce = 8, // a tile op's reduce_op: sum, max, min
};

// What an instruction does to a tensor operand.
enum class Access : uint8_t { None, Read, Write, ReadWrite };

// Where a tensor operand may live: MemSpace bits (ir/mem_space.h).

[[nodiscard]] constexpr OpcodeUse operator|(OpcodeUse a, OpcodeUse b)
{
    return static_cast<OpcodeUse>(static_cast<uint8_t>(a) | static_cast<uint8_t>(b));
}
[[nodiscard]] constexpr bool accepts(OpcodeUse mask, OpcodeUse use)
{
    return (static_cast<uint8_t>(mask) & static_cast<uint8_t>(use)) != 0;
}
[[nodiscard]] constexpr MemSpace operator|(MemSpace a, MemSpace b)
{
    return static_cast<MemSpace>(static_cast<uint8_t>(a) | static_cast<uint8_t>(b));
}
[[nodiscard]] constexpr bool allows(MemSpace mask, MemSpace space)
{
    return (static_cast<uint8_t>(mask) & static_cast<uint8_t>(space)) != 0;
}

// A parameter's default, typed: the parser builds the IR value from it and
// call tips print it; nothing parses it back.
struct DefaultValue {
    enum class Kind : uint8_t {
        Required, // no default: the argument must be given
        Omitted,  // optional without a value (the callee decides)
        None,     // None
        Bool,
        Int,
        Float,
        Str,
        Ints,      // a list of integers, in `integers`
        EmptyList, // []
        EmptyDict, // {}
    };
    Kind kind = Kind::Required;
    bool boolean = false;
    int64_t integer = 0;
    double real = 0.0;
    std::string_view text;
    std::vector<int64_t> integers;
};

// The Python spelling of a default: "1.0", "\"thread\"", "[-1]", "None";
// empty for Required and Omitted.
[[nodiscard]] std::string defaultText(const DefaultValue& d);

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
    DefaultValue defaultValue;
    bool optional = false; // may be absent (empty tuple for tile-op operands; default for others)
    bool variadic = false; // *axes
    bool keywordOnly = false;
    // NKI instruction operands: what the instruction does to the tensor and
    // where it may live. None for scalars and for every other callable.
    Access access = Access::None;
    MemSpace spaces = MemSpace::None;
    // String operands naming an operation: the opcodes they accept.
    OpcodeUse opcodes = OpcodeUse::None;

    [[nodiscard]] bool hasDefault() const
    {
        return defaultValue.kind != DefaultValue::Kind::Required && defaultValue.kind != DefaultValue::Kind::Omitted;
    }
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
    // The row's enumerator, for NKI instructions and tile ops only.
    std::optional<NkiOp> nkiOp;
    std::optional<TileOp> tileOp;
};

// Per-instruction facts beyond the signature (nki_ops.def).
struct NkiOpInfo {
    NkiOp op;
    std::string_view name; // "activation"
    Engine engine;
    std::string_view legacy;      // the reference's NKI call, "nisa.activation"; empty: printed as an assignment
    std::string_view legacyForm;  // the printed line, "{result} = @(op={opcode}, ...)" (nki_ops.def)
    std::string_view current;     // the nki.jit API's call, "nisa.activation"
    std::string_view currentForm; // "@(dst={result}, op={opcode}, ...)"
};

struct TileOpInfo {
    TileOp op;
    std::string_view name; // "activation"
    TileFamily family;
};

struct OpcodeInfo {
    Opcode opcode;
    std::string_view text; // "add"
    OpcodeUse uses;
    std::string_view nkiFunction; // "nki.language.add"
    bool lowered;                 // false: NKI has it, this backend does not lower it
};

[[nodiscard]] std::span<const NkiOpInfo> nkiOps();
[[nodiscard]] std::span<const TileOpInfo> tileOps();
[[nodiscard]] std::span<const OpcodeInfo> opcodes();
[[nodiscard]] const NkiOpInfo& nkiOpInfo(NkiOp op);
[[nodiscard]] const TileOpInfo& tileOpInfo(TileOp op);
[[nodiscard]] const OpcodeInfo& opcodeInfo(Opcode opcode);
// The table row of an instruction or a tile op.
[[nodiscard]] const Callable& callableOf(NkiOp op);
[[nodiscard]] const Callable& callableOf(TileOp op);

// The opcode `text` names for an operand of kind `use`, or nullopt; a name
// NKI has but this backend does not lower is found (OpcodeInfo::lowered).
[[nodiscard]] std::optional<Opcode> findOpcode(std::string_view text, OpcodeUse use);
// "\"add\", \"sub\", \"mul\", \"max\", \"min\"": what an operand of kind `use`
// accepts and this backend lowers.
[[nodiscard]] std::string validOpcodes(OpcodeUse use);
// Whether `text` names an opcode of kind `use` that this backend lowers.
[[nodiscard]] bool lowersOpcode(std::string_view text, OpcodeUse use);
// The instruction reduce opcode a tile op's reduce_op lowers to: the
// NkiReduce row with the same NKI function ("sum" is "add"); nullopt when
// `tileReduceOp` is not a lowered tile reduce_op.
[[nodiscard]] std::optional<std::string_view> instructionReduceOpcode(std::string_view tileReduceOp);
[[nodiscard]] std::string_view tileFamilyName(TileFamily family);
[[nodiscard]] std::string_view accessName(Access access);

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
