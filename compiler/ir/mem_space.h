#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace tirx {

// The memories a tensor can live in, from mem_scopes.def: the MemSpace a
// pass or view reasons with and the scope string a module writes are one
// row, so code compares against scopeName(MemSpace::Psum), never a literal.

// Where a tensor lives; the values are bits of a mask (an NKI operand's allowed spaces).
enum class MemSpace : uint8_t {
    None = 0,
#define TIRX_MEM_SPACE(id, bit, ...) id = bit,
#define TIRX_OTHER_SCOPE(...)
#include "ir/mem_scopes.def"
#undef TIRX_MEM_SPACE
#undef TIRX_OTHER_SCOPE
};

struct MemSpaceInfo {
    MemSpace space;
    std::string_view scope;     // "trn.sbuf"
    std::string_view label;     // "SBUF"
    std::string_view nkiBuffer; // "nl.sbuf"
};

inline constexpr MemSpaceInfo kMemSpaces[] = {
#define TIRX_MEM_SPACE(id, bit, scope, label, nkiBuffer) {MemSpace::id, scope, label, nkiBuffer},
#define TIRX_OTHER_SCOPE(...)
#include "ir/mem_scopes.def"
#undef TIRX_MEM_SPACE
#undef TIRX_OTHER_SCOPE
};

// Every scope string a module may write: the memories' and the other TVM ones.
inline constexpr std::string_view kScopeNames[] = {
#define TIRX_MEM_SPACE(id, bit, scope, ...) scope,
#define TIRX_OTHER_SCOPE(scope) scope,
#include "ir/mem_scopes.def"
#undef TIRX_MEM_SPACE
#undef TIRX_OTHER_SCOPE
};

// The row of a memory; MemSpace::None (and any mask of several bits) has none.
[[nodiscard]] constexpr const MemSpaceInfo* memSpaceInfo(MemSpace space)
{
    for (const MemSpaceInfo& row : kMemSpaces) {
        if (row.space == space) return &row;
    }
    return nullptr;
}

// "trn.sbuf" for MemSpace::Sbuf; empty for None.
[[nodiscard]] constexpr std::string_view scopeName(MemSpace space)
{
    const MemSpaceInfo* row = memSpaceInfo(space);
    return row ? row->scope : std::string_view{};
}

// "SBUF" for MemSpace::Sbuf; empty for None.
[[nodiscard]] constexpr std::string_view memSpaceLabel(MemSpace space)
{
    const MemSpaceInfo* row = memSpaceInfo(space);
    return row ? row->label : std::string_view{};
}

// The memory a scope string names; nullopt for "local" and unknown strings.
[[nodiscard]] constexpr std::optional<MemSpace> memSpaceOf(std::string_view scope)
{
    for (const MemSpaceInfo& row : kMemSpaces) {
        if (row.scope == scope) return row.space;
    }
    return std::nullopt;
}

// Whether `scope` is the scope string of `space`: isScope(a.scope, MemSpace::Psum) without the literal.
[[nodiscard]] constexpr bool isScope(std::string_view scope, MemSpace space) { return scope == scopeName(space); }

// SBUF or PSUM: the on-chip memories the allocator places.
[[nodiscard]] constexpr bool isOnChipScope(std::string_view scope)
{
    return isScope(scope, MemSpace::Sbuf) || isScope(scope, MemSpace::Psum);
}

} // namespace tirx
