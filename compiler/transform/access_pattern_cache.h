#pragma once

#include "analysis/simplify.h"
#include "ir/tensor_type.h"

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace tirx {

// Remembers the physical indices LowerTrainiumLayout computed for an access,
// keyed by what they depend on: the tensor's shape and layout, and the index
// expressions up to the identity of their variables (names, dtypes and loop
// ranges count). Lowered kernels repeat the same access in every instruction
// nest with fresh loop variables; a hit replaces the layout application and
// the simplifier by a substitution of the variables.
class AccessPatternCache {
public:
    // A key for the indices of a tensor whose type's constantTypeKey is
    // `tensorKey`, under `ranges`. False when the type is not constant
    // (empty key), or the indices hold anything but constants, variables and
    // arithmetic, or a variable with a known value (`bindings`), which the
    // simplifier would substitute.
    struct Key {
        std::string text;
        std::vector<Var> vars; // in order of first occurrence
    };
    // Writes into `out`, whose buffers are reused from one access to the next.
    [[nodiscard]] static bool key(const std::string& tensorKey, const std::vector<Expr>& indices,
                                  const VarRanges& ranges, const VarBindings& bindings, Key& out);

    // The cached result with the key's variables put in, or nullopt.
    [[nodiscard]] std::optional<std::vector<Expr>> find(const Key& key) const;
    void insert(const Key& key, std::vector<Expr> result);

private:
    struct Entry {
        std::vector<Var> vars;
        std::vector<Expr> result;
    };
    std::unordered_map<std::string, Entry> m_entries;
};

} // namespace tirx
