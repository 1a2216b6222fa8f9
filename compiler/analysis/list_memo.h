#pragma once

#include "ir/stmt.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

namespace tirx {

// What a walk found under a large statement list, remembered on this
// thread. The verifier walks the whole module after every pass, and a pass
// often keeps such a list as it is (TileDispatch only drops the device_entry
// region around it), as does lowering the same input again: the walk then
// takes the list's result as it is instead of walking the list again. On
// bench_lower's BM_LowerTirx/1000 (4 verified modules, one of them with its
// list kept) the memory plan and the tile-shape check each walk 3 lists
// instead of 4. A list is held weakly, so a node whose address is reused is
// never mistaken for it; `key` tells apart results that depend on more than
// the list (the target's bank size).
template <class Result> class ListMemo {
public:
    static constexpr size_t kFrom = 64; // statements in a list worth remembering
    static constexpr size_t kKept = 4;  // lists kept per thread

    [[nodiscard]] static bool worthRemembering(const Stmt& s)
    {
        const auto* seq = as<SeqStmtNode>(s);
        return seq && seq->stmts().size() >= kFrom;
    }

    // The result remembered for `list` under `key`, or null.
    [[nodiscard]] const Result* find(const Stmt& list, int64_t key)
    {
        for (auto it = m_entries.begin(); it != m_entries.end(); ++it) {
            if (it->key != key || it->node.lock() != list) continue;
            // Most recently used last: a caller lowering one input again and
            // again finds its body here every time.
            std::rotate(it, it + 1, m_entries.end());
            return &m_entries.back().result;
        }
        return nullptr;
    }

    void remember(const Stmt& list, int64_t key, Result result)
    {
        std::erase_if(m_entries, [](const Entry& e) { return e.node.expired(); });
        if (m_entries.size() == kKept) m_entries.erase(m_entries.begin());
        m_entries.push_back({list, key, std::move(result)});
    }

private:
    struct Entry {
        std::weak_ptr<const StmtNode> node;
        int64_t key = 0;
        Result result;
    };
    std::vector<Entry> m_entries; // least recently used first
};

} // namespace tirx
