// The data of the callable table (ir/callables.h): every T.*, T.nki.* and
// T.trn.tile.* name a TIRx module can call, with its operands, defaults,
// roles and (for NKI instructions) engine. Sources: spec 01 (syntax), 02
// (layouts), 05 (tile ops, §1.2 and §4), 06 (NKI instructions, §1.2 and §3).

#include "ir/callables.h"

#include <algorithm>
#include <initializer_list>
#include <string_view>
#include <utility>
#include <vector>

namespace tirx::detail {

const std::vector<Callable>& callableTable();

namespace {

using K = CallableKind;
using R = ParamRole;

// ---- parameter helpers ------------------------------------------------------

// Typed defaults; the .def files spell them the same way.
namespace defaults {
using Kind = DefaultValue::Kind;
DefaultValue of(Kind kind)
{
    DefaultValue d;
    d.kind = kind;
    return d;
}
const DefaultValue Required{};
const DefaultValue Omitted = of(Kind::Omitted);
const DefaultValue NoneDefault = of(Kind::None);
const DefaultValue EmptyList = of(Kind::EmptyList);
const DefaultValue EmptyDict = of(Kind::EmptyDict);
DefaultValue Bool(bool b)
{
    DefaultValue d = of(Kind::Bool);
    d.boolean = b;
    return d;
}
DefaultValue Int(int64_t i)
{
    DefaultValue d = of(Kind::Int);
    d.integer = i;
    return d;
}
DefaultValue Float(double x)
{
    DefaultValue d = of(Kind::Float);
    d.real = x;
    return d;
}
DefaultValue Str(std::string_view text)
{
    DefaultValue d = of(Kind::Str);
    d.text = text;
    return d;
}
template <typename... I> DefaultValue Ints(I... values)
{
    DefaultValue d = of(Kind::Ints);
    d.integers = {static_cast<int64_t>(values)...};
    return d;
}
} // namespace defaults

// The bare column names of the .def files.
namespace columns {
constexpr MemSpace NoSpace = MemSpace::None;
constexpr MemSpace Hbm = MemSpace::Hbm;
constexpr MemSpace Sbuf = MemSpace::Sbuf;
constexpr MemSpace Psum = MemSpace::Psum;
constexpr OpcodeUse NoOpcode = OpcodeUse::None;
constexpr OpcodeUse Alu = OpcodeUse::Alu;
constexpr OpcodeUse Activation = OpcodeUse::Activation;
constexpr OpcodeUse NkiReduce = OpcodeUse::NkiReduce;
constexpr OpcodeUse TileReduce = OpcodeUse::TileReduce;
} // namespace columns

using namespace defaults;

// Required positional-or-keyword parameter.
CallableParam req(std::string_view name, R role, std::string_view type)
{
    CallableParam p;
    p.name = name;
    p.role = role;
    p.type = type;
    return p;
}

// Optional positional-or-keyword parameter with a printed default.
CallableParam opt(std::string_view name, R role, std::string_view type, DefaultValue def)
{
    CallableParam p = req(name, role, type);
    p.defaultValue = std::move(def);
    p.optional = true;
    return p;
}

// Optional keyword-only parameter.
CallableParam kw(std::string_view name, R role, std::string_view type, DefaultValue def)
{
    CallableParam p = opt(name, role, type, std::move(def));
    p.keywordOnly = true;
    return p;
}

// Variadic trailing parameter (*axes).
CallableParam rest(std::string_view name, R role, std::string_view type)
{
    CallableParam p = req(name, role, type);
    p.variadic = true;
    return p;
}

Callable make(std::string_view name, std::string_view op, K kind, std::vector<CallableParam> params,
              std::string_view result, std::string_view doc)
{
    Callable c;
    c.name = name;
    c.op = op;
    c.kind = kind;
    c.params = std::move(params);
    c.result = result;
    c.doc = doc;
    return c;
}

std::vector<CallableParam> cat(std::vector<CallableParam> a, std::initializer_list<CallableParam> b)
{
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

Callable old(Callable c, std::string_view replacedBy)
{
    c.replacedBy = replacedBy;
    return c;
}

// ---- NKI instructions and tile ops, from the .def tables ------------------

void addNki(std::vector<Callable>& t)
{
#define TIRX_NKI_OP(id_, name_, engine_, legacy_, current_, doc_)                                                      \
    t.push_back(make("T.nki." #name_, "tirx.nki." #name_, K::NkiInstruction, {}, "None", doc_));                       \
    t.back().engine = Engine::engine_;                                                                                 \
    t.back().nkiOp = NkiOp::id_;
#define TIRX_NKI_ARG(name_, role_, type_, access_, spaces_, opcodes_, def_)                                            \
    {                                                                                                                  \
        using namespace columns;                                                                                       \
        CallableParam p = def_.kind == DefaultValue::Kind::Required ? req(#name_, R::role_, type_)                     \
                                                                    : opt(#name_, R::role_, type_, def_);              \
        p.access = Access::access_;                                                                                    \
        p.spaces = spaces_;                                                                                            \
        p.opcodes = opcodes_;                                                                                          \
        t.back().params.push_back(std::move(p));                                                                       \
    }
#define TIRX_NKI_REST(name_, type_) t.back().params.push_back(rest(#name_, R::Scalar, type_));
#include "ir/nki_ops.def"
#undef TIRX_NKI_OP
#undef TIRX_NKI_ARG
#undef TIRX_NKI_REST
    t.push_back(make("T.nki.tensorized_instruction", "tirx.nki.tensorized_instruction", K::Region, {}, "None",
                     "Region marking its P/F loop nest as exactly one hardware instruction."));
}

void addTile(std::vector<Callable>& t)
{
#define TIRX_TILE_OP(id_, name_, family_, doc_)                                                                        \
    t.push_back(make("T.trn.tile." #name_, "tirx.trn.tile." #name_, K::TileOp, {}, "None", doc_));                     \
    t.back().tileOp = TileOp::id_;
#define TIRX_TILE_ARG(name_, role_, type_, access_, def_)                                                              \
    t.back().params.push_back(def_.kind == DefaultValue::Kind::Required ? req(#name_, R::role_, type_)                 \
                                                                        : opt(#name_, R::role_, type_, def_));         \
    t.back().params.back().access = Access::access_;
#define TIRX_TILE_QUAL(name_, type_, opcodes_, def_)                                                                   \
    {                                                                                                                  \
        using namespace columns;                                                                                       \
        CallableParam p = kw(#name_, R::Qualifier, type_, def_);                                                       \
        p.opcodes = opcodes_;                                                                                          \
        t.back().params.push_back(std::move(p));                                                                       \
    }
#include "ir/tile_ops.def"
#undef TIRX_TILE_OP
#undef TIRX_TILE_ARG
#undef TIRX_TILE_QUAL
}

// ---- T.* builtins, statements, loops, types, layouts (spec 01, 02) ---------

void addCore(std::vector<Callable>& t)
{
    const auto val = [](std::string_view n, std::string_view type) { return req(n, R::Value, type); };
    const auto sc = [](std::string_view n) { return req(n, R::Scalar, "expr"); };

    // Module / function structure.
    t.push_back(
        make("T.attr", "", K::Statement, {val("node", "any"), val("attr_key", "str"), sc("value")}, "None",
             "Old attribute statement; T.attr(0, \"tensorized_nki_instruction\", 1) is the NKI marker region."));
    t.back().replacedBy = "T.nki.tensorized_instruction";
    t.push_back(make("T.device_entry", "tirx.device_entry", K::Region, {}, "None",
                     "Region opening device code; private workspaces are placed at its start."));
    t.push_back(make("T.device_scope", "tirx.device_scope", K::Region, {}, "None",
                     "Region around the whole device body (added by DecorateDeviceScope)."));
    t.push_back(make("T.func_attr", "", K::Statement, {val("attrs", "dict")}, "None",
                     "Set function attributes from a string-keyed dict; first statement of a body."));
    t.push_back(make("T.function", "", K::Statement, {kw("private", R::Value, "bool", Bool(false))}, "decorator",
                     "Decorator turning a Python def into a TIRx function."));
    t.push_back(make("T.ir_module", "", K::Statement, {}, "decorator",
                     "Class decorator collecting the decorated functions into one module."));
    t.push_back(old(make("T.prim_func", "", K::Statement, {kw("private", R::Value, "bool", Bool(false))}, "decorator",
                         "Old spelling of the function decorator."),
                    "T.function"));
    t.push_back(
        make("T.region", "", K::Region,
             {val("op", "str"), opt("args", R::Value, "list", EmptyList), kw("attrs", R::Value, "dict", NoneDefault)},
             "None", "Generic region statement naming its operator explicitly."));
    t.push_back(make("T.target", "", K::Builtin, {val("target", "str|dict"), opt("host", R::Value, "str", NoneDefault)},
                     "Target",
                     "A compilation target from a tag or kind string, e.g. for the \"target\" function attribute."));

    // Tensors: allocation, declaration, types. The TX2 keyword set is shared;
    // in the TX3 forms the first positional is the placement (alloc) or the
    // data pointer (decl) and the type comes in ty_args.
    const auto tensorFields = [](bool shapeRequired, const DefaultValue& layoutDefault) {
        return std::vector<CallableParam>{shapeRequired ? req("shape", R::Value, "ints")
                                                        : opt("shape", R::Value, "ints", NoneDefault),
                                          opt("dtype", R::Value, "str", Str("float32")),
                                          opt("data", R::Scalar, "expr", NoneDefault),
                                          opt("strides", R::Value, "ints", NoneDefault),
                                          opt("elem_offset", R::Scalar, "expr", NoneDefault),
                                          opt("byte_offset", R::Scalar, "expr", NoneDefault),
                                          opt("scope", R::Value, "str", Str("global")),
                                          opt("align", R::Value, "int", Int(-1)),
                                          opt("offset_factor", R::Value, "int", Int(0)),
                                          opt("layout", R::Value, "layout", layoutDefault)};
    };
    const CallableParam allocatedAddr = opt("allocated_addr", R::Value, "ints", NoneDefault);
    const CallableParam annotations = opt("annotations", R::Value, "dict", NoneDefault);
    const CallableParam tyArgs = kw("ty_args", R::Value, "types", NoneDefault);

    t.push_back(make(
        "T.alloc_tensor", "tirx.alloc_tensor", K::Statement,
        cat(tensorFields(false, Omitted), {allocatedAddr, annotations, kw("placement", R::Value, "ints", NoneDefault),
                                           tyArgs, kw("attrs", R::Value, "dict", NoneDefault)}),
        "Tensor",
        "Allocate a tensor: TX3 (placement?, ty_args=[T.Tensor(...)]) or TX2 (shape, dtype, scope=, "
        "layout=, allocated_addr=)."));
    t.push_back(old(make("T.alloc_buffer", "tirx.alloc_tensor", K::Statement,
                         cat(tensorFields(true, NoneDefault), {allocatedAddr, annotations}), "Tensor",
                         "Old spelling of tensor allocation (TX1); allocated_addr may be a scalar."),
                    "T.alloc_tensor"));
    t.push_back(make("T.decl_tensor", "tirx.decl_tensor", K::Statement, cat(tensorFields(false, Omitted), {tyArgs}),
                     "Tensor",
                     "Declare a tensor over existing storage: TX3 (data, ty_args=[T.Tensor(...)]) or TX2 (shape, "
                     "dtype, data=, scope=, layout=)."));
    t.push_back(old(make("T.decl_buffer", "tirx.decl_tensor", K::Statement, tensorFields(true, NoneDefault), "Tensor",
                         "Old spelling of a tensor declaration over existing storage (TX1)."),
                    "T.decl_tensor"));
    t.push_back(old(make("T.match_buffer", "", K::Statement,
                         {val("param", "handle"), val("shape", "ints"), opt("dtype", R::Value, "str", Str("float32")),
                          opt("scope", R::Value, "str", Str("global")), opt("layout", R::Value, "layout", NoneDefault)},
                         "Tensor", "Old (TX1) binding of a handle parameter to a typed tensor."),
                    "T.Tensor"));
    t.push_back(make("T.Tensor", "", K::Type, tensorFields(true, Omitted), "type",
                     "Tensor type: shape, dtype, storage scope and optional layout."));
    t.push_back(old(make("T.Buffer", "", K::Type,
                         {val("shape", "ints"), opt("dtype", R::Value, "str", Str("float32")),
                          opt("scope", R::Value, "str", Str("global")), opt("layout", R::Value, "layout", NoneDefault)},
                         "type", "Old (TX1) spelling of the tensor type annotation."),
                    "T.Tensor"));
    t.push_back(make("T.handle", "", K::Type, {}, "type", "Opaque pointer type, e.g. an untyped kernel parameter."));
    t.push_back(make("T.let", "", K::Type, {}, "type",
                     "Annotation for an immutable binding: x: T.let = v or x: T.let[T.int32] = v."));

    // Data types: constructors and annotations.
    struct DtypeDoc {
        std::string_view name;
        std::string_view doc;
    };
    static constexpr DtypeDoc kDtypes[] = {
        {"T.bfloat16", "bfloat16 constant or type annotation."},
        {"T.bool", "Boolean constant (T.bool(True)) or type annotation."},
        {"T.float16", "float16 constant or type annotation."},
        {"T.float32", "float32 constant (T.float32(1.0)) or type annotation."},
        {"T.float64", "float64 constant or type annotation."},
        {"T.float8_e4m3", "8-bit float (4 exponent, 3 mantissa bits) constant or type annotation."},
        {"T.float8_e5m2", "8-bit float (5 exponent, 2 mantissa bits) constant or type annotation."},
        {"T.int16", "16-bit signed integer constant or type annotation."},
        {"T.int32", "32-bit signed integer constant or type annotation."},
        {"T.int64", "64-bit signed integer constant (T.int64(5)) or type annotation."},
        {"T.int8", "8-bit signed integer constant or type annotation."},
        {"T.uint16", "16-bit unsigned integer constant or type annotation."},
        {"T.uint32", "32-bit unsigned integer constant or type annotation."},
        {"T.uint64", "64-bit unsigned integer constant or type annotation."},
        {"T.uint8", "8-bit unsigned integer constant or type annotation."},
    };
    for (const DtypeDoc& d : kDtypes) {
        t.push_back(make(d.name, "", K::Type, {opt("value", R::Scalar, "expr", NoneDefault)}, "expr", d.doc));
    }

    // Loops.
    const std::initializer_list<CallableParam> loopParams = {req("start", R::Scalar, "expr"),
                                                             opt("stop", R::Scalar, "expr", NoneDefault),
                                                             kw("annotations", R::Value, "dict", NoneDefault),
                                                             kw("step", R::Scalar, "expr", Int(1)),
                                                             kw("unroll", R::Value, "bool", NoneDefault),
                                                             kw("dtype", R::Value, "str", NoneDefault)};
    t.push_back(make("T.grid", "", K::Loop, {rest("extents", R::Scalar, "expr")}, "iterator",
                     "Nested serial loops from 0, outermost first: for i, j in T.grid(a, b)."));
    t.push_back(make("T.parallel", "", K::Loop, loopParams, "iterator",
                     "Parallel loop over [start, stop) (one argument = [0, n))."));
    t.push_back(make("T.serial", "", K::Loop, loopParams, "iterator",
                     "Sequential loop over [start, stop) (one argument = [0, n)); nki_dim annotations here."));
    t.push_back(make("T.unroll", "", K::Loop, loopParams, "iterator", "Loop to be fully unrolled over [start, stop)."));
    t.push_back(make("T.vectorized", "", K::Loop, loopParams, "iterator", "Loop to be vectorized over [start, stop)."));

    // Expression builtins.
    t.push_back(make("T.Broadcast", "", K::Builtin, {sc("value"), req("lanes", R::Scalar, "int")}, "expr",
                     "Vector of lanes copies of a scalar (not used on Trainium)."));
    t.push_back(make("T.Cast", "", K::Builtin, {val("dtype", "str"), sc("value")}, "expr",
                     "Convert a value to another dtype."));
    t.push_back(make("T.Div", "", K::Builtin, {sc("a"), sc("b")}, "expr",
                     "Truncating integer division node (a / b for floats)."));
    t.push_back(make("T.Let", "", K::Builtin, {sc("body"), kw("where", R::Value, "dict", NoneDefault)}, "expr",
                     "Let expression: evaluate body with the bindings given in where."));
    t.push_back(make("T.Ramp", "", K::Builtin, {sc("base"), sc("stride"), req("lanes", R::Scalar, "int")}, "expr",
                     "Vector base, base + stride, ... of lanes elements (not used on Trainium)."));
    t.push_back(make("T.And", "", K::Builtin, {sc("a"), sc("b")}, "expr", "Logical and of two conditions (a and b)."));
    t.push_back(make("T.Or", "", K::Builtin, {sc("a"), sc("b")}, "expr", "Logical or of two conditions (a or b)."));
    t.push_back(make("T.Not", "", K::Builtin, {sc("a")}, "expr", "Logical negation of a condition (not a)."));
    t.push_back(make("T.Select", "", K::Builtin, {sc("condition"), sc("true_value"), sc("false_value")}, "expr",
                     "Pick one of two values by a condition; both sides are evaluated."));
    t.push_back(make("T.evaluate", "", K::Statement, {sc("value")}, "None",
                     "Evaluate an expression as a statement (a bare call is the same)."));
    t.push_back(make("T.floordiv", "", K::Builtin, {sc("a"), sc("b")}, "expr",
                     "Integer division rounding toward minus infinity (a // b)."));
    t.push_back(make("T.floormod", "", K::Builtin, {sc("a"), sc("b")}, "expr",
                     "Remainder matching floordiv, same sign as the divisor (a % b)."));
    t.push_back(make("T.if_then_else", "tirx.if_then_else", K::Builtin,
                     {sc("condition"), sc("true_value"), sc("false_value")}, "expr",
                     "Conditional value that evaluates only the chosen branch."));
    t.push_back(make("T.max", "tirx.max", K::Builtin, {sc("a"), sc("b")}, "expr", "Larger of two values."));
    t.push_back(make("T.min", "tirx.min", K::Builtin, {sc("a"), sc("b")}, "expr", "Smaller of two values."));
    t.push_back(
        make("T.truncdiv", "", K::Builtin, {sc("a"), sc("b")}, "expr", "Integer division rounding toward zero."));
    t.push_back(make("T.truncmod", "", K::Builtin, {sc("a"), sc("b")}, "expr",
                     "Remainder matching truncdiv, same sign as the dividend."));
    t.push_back(make("T.dynamic", "", K::Builtin, {val("name", "str"), opt("dtype", R::Value, "str", Str("int32"))},
                     "expr", "Declare a symbolic shape variable inside a body: n = T.dynamic(\"n\")."));

    // Layouts (spec 02).
    t.push_back(make("T.Iter", "", K::Layout, {sc("extent"), sc("stride"), req("axis", R::Value, "str")}, "Iter",
                     "One layout level: extent positions, stride apart along an axis."));
    t.push_back(
        make("T.R", "", K::Layout, {}, "LayoutSpec", "Replica builder, subscripted: T.R[(extents):(strides)]."));
    t.push_back(make("T.S", "", K::Layout, {}, "LayoutSpec",
                     "Shard builder, subscripted: T.S[(extents):(strides)], strides like 1 @ P."));
    t.push_back(make("T.TileLayout", "", K::Layout, {req("spec", R::Value, "layout_spec")}, "Layout",
                     "Tile layout from S/R terms plus axis offsets: T.TileLayout(T.S[...] + 4 @ F)."));
    t.push_back(make("T.TileLayout.from_iters", "", K::Layout,
                     {req("shard", R::Value, "iters"), opt("replica", R::Value, "iters", EmptyList),
                      opt("offset", R::Value, "dict", EmptyDict)},
                     "Layout", "Tile layout from explicit shard and replica Iter lists and an offset map."));
}

} // namespace

const std::vector<Callable>& callableTable()
{
    static const std::vector<Callable> table = [] {
        std::vector<Callable> t;
        t.reserve(128);
        addCore(t);
        addNki(t);
        addTile(t);
        // Stable order: T.*, then T.nki.*, then T.trn.tile.*, by name within each.
        const auto group = [](std::string_view n) {
            if (n.starts_with("T.nki.")) return 1;
            if (n.starts_with("T.trn.tile.")) return 2;
            return 0;
        };
        std::stable_sort(t.begin(), t.end(), [&](const Callable& a, const Callable& b) {
            const int ga = group(a.name);
            const int gb = group(b.name);
            return ga != gb ? ga < gb : a.name < b.name;
        });
        return t;
    }();
    return table;
}

} // namespace tirx::detail
