// The per-row facts of nki_ops.def, tile_ops.def and opcodes.def that are
// not part of a signature: engines, NKI spellings, tile families, opcode
// strings. The signatures themselves join the callable table in
// callable_table.cpp.

#include "ir/callables.h"

#include <array>
#include <cstdio>

namespace tirx {

namespace {

constexpr OpcodeUse Alu = OpcodeUse::Alu;
constexpr OpcodeUse Activation = OpcodeUse::Activation;
constexpr OpcodeUse NkiReduce = OpcodeUse::NkiReduce;
constexpr OpcodeUse TileReduce = OpcodeUse::TileReduce;

constexpr NkiOpInfo kNkiOps[] = {
#define TIRX_NKI_OP(id_, name_, engine_, legacy_, legacyForm_, current_, currentForm_, doc_)                           \
    {NkiOp::id_, #name_, Engine::engine_, legacy_, legacyForm_, current_, currentForm_},
#define TIRX_NKI_ARG(...)
#define TIRX_NKI_REST(...)
#include "ir/nki_ops.def"
#undef TIRX_NKI_OP
#undef TIRX_NKI_ARG
#undef TIRX_NKI_REST
};

constexpr TileOpInfo kTileOps[] = {
#define TIRX_TILE_OP(id_, name_, family_, doc_) {TileOp::id_, #name_, TileFamily::family_},
#define TIRX_TILE_ARG(...)
#define TIRX_TILE_QUAL(...)
#include "ir/tile_ops.def"
#undef TIRX_TILE_OP
#undef TIRX_TILE_ARG
#undef TIRX_TILE_QUAL
};

constexpr OpcodeInfo kOpcodes[] = {
#define TIRX_OPCODE(id_, text_, uses_, function_, lowered_) {Opcode::id_, text_, uses_, function_, lowered_},
#include "ir/opcodes.def"
#undef TIRX_OPCODE
};

// Rows are listed in enum order, so an enumerator indexes its row.
constexpr bool inEnumOrder()
{
    for (size_t i = 0; i < std::size(kNkiOps); ++i) {
        if (static_cast<size_t>(kNkiOps[i].op) != i) return false;
    }
    for (size_t i = 0; i < std::size(kTileOps); ++i) {
        if (static_cast<size_t>(kTileOps[i].op) != i) return false;
    }
    for (size_t i = 0; i < std::size(kOpcodes); ++i) {
        if (static_cast<size_t>(kOpcodes[i].opcode) != i) return false;
    }
    return true;
}
static_assert(inEnumOrder(), "op table rows must follow their enum's order");

std::string floatText(double x)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", x);
    std::string s = buf;
    if (s.find_first_of(".eEn") == std::string::npos) s += ".0";
    return s;
}

} // namespace

std::span<const NkiOpInfo> nkiOps() { return kNkiOps; }
std::span<const TileOpInfo> tileOps() { return kTileOps; }
std::span<const OpcodeInfo> opcodes() { return kOpcodes; }
const NkiOpInfo& nkiOpInfo(NkiOp op) { return kNkiOps[static_cast<size_t>(op)]; }
const TileOpInfo& tileOpInfo(TileOp op) { return kTileOps[static_cast<size_t>(op)]; }
const OpcodeInfo& opcodeInfo(Opcode opcode) { return kOpcodes[static_cast<size_t>(opcode)]; }

const Callable& callableOf(NkiOp op)
{
    static const auto rows = [] {
        std::array<const Callable*, std::size(kNkiOps)> r{};
        for (const Callable& c : callables()) {
            if (c.nkiOp && c.replacedBy.empty()) r[static_cast<size_t>(*c.nkiOp)] = &c;
        }
        return r;
    }();
    return *rows[static_cast<size_t>(op)];
}

const Callable& callableOf(TileOp op)
{
    static const auto rows = [] {
        std::array<const Callable*, std::size(kTileOps)> r{};
        for (const Callable& c : callables()) {
            if (c.tileOp && c.replacedBy.empty()) r[static_cast<size_t>(*c.tileOp)] = &c;
        }
        return r;
    }();
    return *rows[static_cast<size_t>(op)];
}

std::optional<Opcode> findOpcode(std::string_view text, OpcodeUse use)
{
    for (const OpcodeInfo& o : kOpcodes) {
        if (o.text == text && accepts(o.uses, use)) return o.opcode;
    }
    return std::nullopt;
}

bool lowersOpcode(std::string_view text, OpcodeUse use)
{
    const std::optional<Opcode> opcode = findOpcode(text, use);
    return opcode && opcodeInfo(*opcode).lowered;
}

std::optional<std::string_view> instructionReduceOpcode(std::string_view tileReduceOp)
{
    if (!lowersOpcode(tileReduceOp, OpcodeUse::TileReduce)) return std::nullopt;
    const std::string_view function = opcodeInfo(*findOpcode(tileReduceOp, OpcodeUse::TileReduce)).nkiFunction;
    for (const OpcodeInfo& o : kOpcodes) {
        if (o.lowered && o.nkiFunction == function && accepts(o.uses, OpcodeUse::NkiReduce)) return o.text;
    }
    return std::nullopt;
}

std::string validOpcodes(OpcodeUse use)
{
    std::string out;
    for (const OpcodeInfo& o : kOpcodes) {
        if (!o.lowered || !accepts(o.uses, use)) continue;
        if (!out.empty()) out += ", ";
        out += '"';
        out += o.text;
        out += '"';
    }
    return out;
}

std::string defaultText(const DefaultValue& d)
{
    using Kind = DefaultValue::Kind;
    switch (d.kind) {
    case Kind::Required:
    case Kind::Omitted: return {};
    case Kind::None: return "None";
    case Kind::Bool: return d.boolean ? "True" : "False";
    case Kind::Int: return std::to_string(d.integer);
    case Kind::Float: return floatText(d.real);
    case Kind::Str: return "\"" + std::string(d.text) + "\"";
    case Kind::Ints: {
        std::string s = "[";
        for (size_t i = 0; i < d.integers.size(); ++i) {
            if (i) s += ", ";
            s += std::to_string(d.integers[i]);
        }
        return s + "]";
    }
    case Kind::EmptyList: return "[]";
    case Kind::EmptyDict: return "{}";
    }
    return {};
}

std::string_view tileFamilyName(TileFamily family)
{
    switch (family) {
    case TileFamily::Copy: return "copy";
    case TileFamily::Unary: return "unary";
    case TileFamily::Binary: return "binary";
    case TileFamily::Reduction: return "reduction";
    case TileFamily::Gemm: return "gemm";
    case TileFamily::Select: return "select";
    case TileFamily::Compose: return "compose";
    }
    return {};
}

std::string_view accessName(Access access)
{
    switch (access) {
    case Access::None: return "none";
    case Access::Read: return "read";
    case Access::Write: return "write";
    case Access::ReadWrite: return "read-write";
    }
    return {};
}

} // namespace tirx
