// The data of the callable table (ir/callables.h): every T.*, T.nki.* and
// T.trn.tile.* name a TIRx module can call, with its operands, defaults,
// roles and (for NKI instructions) engine. Sources: spec 01 (syntax), 02
// (layouts), 05 (tile ops, §1.2 and §4), 06 (NKI instructions, §1.2 and §3).

#include "ir/callables.h"

#include <algorithm>
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
// The rows below read like the Python defaults they stand for: Bool(true),
// Int(0), Str("..."), so these helpers are named after Python's types.
// NOLINTBEGIN(readability-identifier-naming)
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
// NOLINTEND(readability-identifier-naming)
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

// ---- NKI instructions and tile ops, from the .def tables ------------------

void addNki(std::vector<Callable>& t)
{
#define TIRX_NKI_OP(id_, name_, engine_, legacy_, legacyForm_, current_, currentForm_, doc_)                           \
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

// ---- T.* builtins, statements, loops, types, layouts, from core_callables.def

// A parameter of a .def row: required when its default is Required.
CallableParam param(std::string_view name, R role, std::string_view type, DefaultValue def)
{
    return def.kind == DefaultValue::Kind::Required ? req(name, role, type) : opt(name, role, type, std::move(def));
}

// The tensor keywords the TX1, TX2 and TX3 spellings share.
std::vector<CallableParam> tensorFields(const DefaultValue& shape, const DefaultValue& layout)
{
    return {param("shape", R::Value, "ints", shape),
            opt("dtype", R::Value, "str", Str("float32")),
            opt("data", R::Scalar, "expr", NoneDefault),
            opt("strides", R::Value, "ints", NoneDefault),
            opt("elem_offset", R::Scalar, "expr", NoneDefault),
            opt("byte_offset", R::Scalar, "expr", NoneDefault),
            opt("scope", R::Value, "str", Str(scopeName(MemSpace::Hbm))),
            opt("align", R::Value, "int", Int(-1)),
            opt("offset_factor", R::Value, "int", Int(0)),
            opt("layout", R::Value, "layout", layout)};
}

std::vector<CallableParam> loopParams()
{
    return {req("start", R::Scalar, "expr"),
            opt("stop", R::Scalar, "expr", NoneDefault),
            kw("annotations", R::Value, "dict", NoneDefault),
            kw("step", R::Scalar, "expr", Int(1)),
            kw("unroll", R::Value, "bool", NoneDefault),
            kw("dtype", R::Value, "str", NoneDefault)};
}

void addCore(std::vector<Callable>& t)
{
    const auto append = [&](std::vector<CallableParam> ps) {
        for (CallableParam& p : ps) t.back().params.push_back(std::move(p));
    };
#define TIRX_CORE(name_, op_, kind_, result_, doc_) t.push_back(make(name_, op_, K::kind_, {}, result_, doc_));
#define TIRX_CORE_ARG(name_, role_, type_, def_) t.back().params.push_back(param(#name_, R::role_, type_, def_));
#define TIRX_CORE_KW(name_, role_, type_, def_) t.back().params.push_back(kw(#name_, R::role_, type_, def_));
#define TIRX_CORE_REST(name_, role_, type_) t.back().params.push_back(rest(#name_, R::role_, type_));
#define TIRX_CORE_TENSOR_FIELDS(shape_, layout_) append(tensorFields(shape_, layout_));
#define TIRX_CORE_LOOP_PARAMS() append(loopParams());
#define TIRX_CORE_DTYPE(name_, doc_)                                                                                   \
    t.push_back(make(name_, "", K::Type, {opt("value", R::Scalar, "expr", NoneDefault)}, "expr", doc_));
#define TIRX_CORE_OLD(replacedBy_) t.back().replacedBy = replacedBy_;
#include "ir/core_callables.def"
#undef TIRX_CORE
#undef TIRX_CORE_ARG
#undef TIRX_CORE_KW
#undef TIRX_CORE_REST
#undef TIRX_CORE_TENSOR_FIELDS
#undef TIRX_CORE_LOOP_PARAMS
#undef TIRX_CORE_DTYPE
#undef TIRX_CORE_OLD
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
